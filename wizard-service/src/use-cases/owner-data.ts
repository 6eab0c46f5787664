import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { isUuid } from '@evalplan/common/input';
import { type Logger } from '@evalplan/common/logging';
import type { ExportCursor, OwnedProject, OwnerProjectStore } from './ports';
import type { Project } from '../domain/wizard-records';
import { eachConcurrently } from './concurrency';
import type { ListedPdf, PdfFiles } from './pdf-files';

export interface ExportedProject {
  project: Project;
  pdfs: ListedPdf[];
}

/** Projects read per query: the export holds one page (and its PDF lists) at a time. */
const EXPORT_PAGE = 50;
/** pdf-service calls at once while deleting an owner's files. */
const DELETE_CONCURRENCY = 8;

function checkOwner(ownerId: string): void {
  if (!isUuid(ownerId)) throw new AppError('INVALID_INPUT', 'The owner id must be a UUID.');
}

/** Everything of one owner at once: the data export, and account deletion. */
export class OwnerData {
  constructor(
    private readonly store: OwnerProjectStore,
    private readonly pdfFiles: Pick<PdfFiles, 'deleteProjectFiles' | 'listProjectFiles'>,
    private readonly logger: Logger,
  ) {}

  /** The owner's projects, oldest first, each with its PDFs; read page by page as the caller takes them. */
  async *export(ownerId: string, context: RequestContext): AsyncGenerator<ExportedProject> {
    checkOwner(ownerId);
    let after: ExportCursor | undefined;
    do {
      const page = await this.store.exportPage(ownerId, after, EXPORT_PAGE);
      for (const project of page.rows) {
        yield { project, pdfs: await this.pdfFiles.listProjectFiles(project, context) };
      }
      after = page.rows.length === EXPORT_PAGE ? page.next : undefined;
    } while (after);
  }

  /**
   * The files first (their public URLs must stop working), then every project
   * in one statement: if the files cannot go, nothing is deleted and the call
   * can be repeated. Then the files of every deleted project once more, as
   * ProjectUseCases.delete does: a generation that stored a file after the
   * first pass and recorded it before the rows went would leave it behind
   * (whether or not its URL changed the row: a step save may have cleared it).
   */
  async delete(ownerId: string, context: RequestContext): Promise<number> {
    checkOwner(ownerId);
    await this.deleteFiles(await this.store.owned(ownerId), context);
    const deleted = await this.store.deleteOwned(ownerId);
    // The rows are gone, so a repeated call could not find these files: the PDF orphan sweep will.
    await this.deleteFiles(deleted, context).catch((error: unknown) =>
      this.logger.warn(
        { err: error, project_ids: deleted.map((project) => project.id), ...requestFields(context) },
        'files of deleted projects were left in storage for the PDF orphan sweep',
      ),
    );
    return deleted.length;
  }

  private deleteFiles(projects: OwnedProject[], context: RequestContext): Promise<void> {
    return eachConcurrently(projects, DELETE_CONCURRENCY, (project) => this.pdfFiles.deleteProjectFiles(project, context));
  }
}
