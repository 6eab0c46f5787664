import { randomUUID } from 'node:crypto';
import { AppError } from '@evalplan/common/errors';
import { type RequestContext } from '@evalplan/common/grpc';
import { parseBodyJson } from '@evalplan/common/input';
import { type Page, parsePage, parseProjectFields, parseProjectUpdate } from '../domain/project-input';
import type { ProjectRow } from '../repositories/wizard-rows';
import type { WizardStorage } from '../repositories/wizard-store';
import { loadTarget, projectNotFound, projectTarget } from './targets';

export interface ProjectPage extends Page {
  projects: ProjectRow[];
  total: number;
  hasMore: boolean;
}

/** The PDF files of a project, as pdf-service keeps them (server.ts adapts its client). */
export interface PdfFiles {
  /** Deletes every PDF of the project, and the session's ones its `pdfUrl` may still point at (a converted session). */
  deleteProjectFiles(projectId: string, pdfUrl: string, context: RequestContext): Promise<void>;
}

/** Projects of registered users: create, list, read, rename, delete; owner only. */
export class ProjectUseCases {
  constructor(
    private readonly storage: WizardStorage,
    private readonly pdfFiles: PdfFiles,
  ) {}

  async create(userId: string, bodyJson: string): Promise<ProjectRow> {
    if (!userId) throw new AppError('UNAUTHORIZED');
    const fields = parseProjectFields(parseBodyJson(bodyJson));
    return this.storage.projects.insert({ id: randomUUID(), ownerId: userId, ...fields });
  }

  async list(userId: string, rawLimit: string, rawOffset: string): Promise<ProjectPage> {
    if (!userId) throw new AppError('UNAUTHORIZED');
    const page = parsePage(rawLimit, rawOffset);
    const { rows, total } = await this.storage.projects.listByOwner(userId, page.limit, page.offset);
    return { ...page, projects: rows, total, hasMore: page.offset + rows.length < total };
  }

  get(projectId: string, userId: string): Promise<ProjectRow> {
    return loadTarget(this.storage, projectTarget(projectId, userId));
  }

  /** Renames or redescribes; the wizard is untouched. The body is checked before the project is looked up. */
  async update(projectId: string, userId: string, bodyJson: string): Promise<ProjectRow> {
    const fields = parseProjectUpdate(parseBodyJson(bodyJson));
    await this.get(projectId, userId);
    const updated = await this.storage.projects.update(projectId, fields);
    if (!updated) throw projectNotFound();
    return updated;
  }

  /**
   * Ownership first, then the files (their public URLs must stop working),
   * then the row: if the files cannot go, the project stays and the request
   * can be repeated.
   */
  async delete(projectId: string, userId: string, context: RequestContext): Promise<void> {
    const project = await this.get(projectId, userId);
    await this.pdfFiles.deleteProjectFiles(project.id, project.pdfUrl ?? '', context);
    await this.storage.projects.delete(projectId);
  }
}
