import { randomUUID } from 'node:crypto';
import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import type { Logger } from '@evalplan/common/logging';
import { type Page, parsePage, parseProjectFields, parseProjectUpdate } from '../domain/project-input';
import type { Project } from '../domain/wizard-records';
import type { WizardStorage } from './ports';
import type { ListedPdf, PdfFiles } from './pdf-files';
import { loadTarget, projectNotFound, projectTarget } from './targets';

export interface ProjectPage extends Page {
  projects: Project[];
  total: number;
  hasMore: boolean;
}

/** Projects of registered users: create, list, read, rename, delete; owner only. */
export class ProjectUseCases {
  constructor(
    private readonly storage: WizardStorage,
    private readonly pdfFiles: Pick<PdfFiles, 'deleteProjectFiles' | 'listProjectFiles'>,
    private readonly logger: Logger,
  ) {}

  async create(userId: string, body: unknown): Promise<Project> {
    if (!userId) throw new AppError('UNAUTHORIZED');
    const fields = parseProjectFields(body);
    return this.storage.projects.insert({ id: randomUUID(), ownerId: userId, ...fields });
  }

  async list(userId: string, limit: number | undefined, offset: number | undefined): Promise<ProjectPage> {
    if (!userId) throw new AppError('UNAUTHORIZED');
    const page = parsePage(limit, offset);
    const { rows, total } = await this.storage.projects.listByOwner(userId, page.limit, page.offset);
    return { ...page, projects: rows, total, hasMore: page.offset + rows.length < total };
  }

  get(projectId: string, userId: string): Promise<Project> {
    return loadTarget(this.storage, projectTarget(projectId, userId));
  }

  /** Renames or redescribes; the wizard is untouched. The body is checked before the project is looked up. */
  async update(projectId: string, userId: string, body: unknown): Promise<Project> {
    const fields = parseProjectUpdate(body);
    await this.get(projectId, userId);
    const updated = await this.storage.projects.update(projectId, fields);
    if (!updated) throw projectNotFound();
    return updated;
  }

  /** The project's stored PDFs (its own and its origin session's), newest first; owner only. */
  async pdfHistory(projectId: string, userId: string, context: RequestContext): Promise<ListedPdf[]> {
    const project = await this.get(projectId, userId);
    return (await this.pdfFiles.listProjectFiles(project, context)).reverse();
  }

  /**
   * Ownership first, then the files (their public URLs must stop working),
   * then the row: if the files cannot go, the project stays and the request
   * can be repeated. Then the files once more: a generation that stored a
   * file after the first pass and recorded it before the row went would leave
   * it behind (one that records later finds no row and deletes its own file).
   */
  async delete(projectId: string, userId: string, context: RequestContext): Promise<void> {
    const project = await this.get(projectId, userId);
    await this.pdfFiles.deleteProjectFiles(project, context);
    await this.storage.projects.delete(projectId);
    await this.pdfFiles.deleteProjectFiles(project, context).catch((error: unknown) =>
      // The project is gone, so a repeated request could not find these files: the orphan sweep will.
      this.logger.warn(
        { err: error, project_id: project.id, ...requestFields(context) },
        'files of a deleted project could not be checked again; the PDF orphan sweep will delete any left',
      ),
    );
  }
}
