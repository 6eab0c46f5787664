import { randomUUID } from 'node:crypto';
import { inBatches } from '@evalplan/common/db';
import { AppError } from '@evalplan/common/errors';
import type { Logger } from '@evalplan/common/logging';
import { parseProjectFields } from '../domain/project-input';
import { type Steps, wizardStatusOf } from '../domain/wizard-status';
import type { Project, Session } from '../domain/wizard-records';
import type { WizardStorage } from './ports';
import { eachConcurrently } from './concurrency';
import type { PdfFiles } from './pdf-files';
import { loadTarget, sessionTarget } from './targets';

/** What a purge did. */
export interface PurgeOutcome {
  sessions: number;
  /** Their PDF files deleted. */
  files: number;
  /** Purged sessions whose files could not be deleted now (pdf-service away): the orphan sweep's. */
  sessionsLeftForSweep: number;
}

/** DeletePdfs calls at once while a purged batch's files go. */
const FILE_DELETE_CONCURRENCY = 8;

/** Anonymous sessions: create, read, and conversion into a project. */
export class SessionUseCases {
  constructor(
    private readonly storage: WizardStorage,
    private readonly ttlMs: number,
    private readonly pdfFiles: Pick<PdfFiles, 'deleteFolder'>,
    private readonly logger: Logger,
  ) {}

  create(): Promise<Session> {
    return this.storage.sessions.create(randomUUID(), this.ttlMs);
  }

  get(sessionId: string): Promise<Session> {
    return loadTarget(this.storage, sessionTarget(sessionId));
  }

  /**
   * One transaction: the session's wizard (status recomputed) and PDF
   * reference become a new project of `userId`, and the session is deleted.
   * The row lock makes a second, concurrent conversion find nothing: 404.
   */
  async convert(sessionId: string, userId: string, body: unknown): Promise<Project> {
    if (!userId) throw new AppError('UNAUTHORIZED');
    const fields = parseProjectFields(body);
    return this.storage.inTransaction(async (stores) => {
      const session = await loadTarget(stores, sessionTarget(sessionId), true);
      const status = wizardStatusOf(JSON.parse(session.stepsJson) as Steps);
      const project = await stores.projects.insert({
        id: randomUUID(),
        ownerId: userId,
        ...fields,
        wizard: { stepsJson: session.stepsJson, currentStep: status.currentStep, isComplete: status.isComplete, pdfUrl: session.pdfUrl },
        // The session's PDFs are the project's from now on, and go when it goes.
        originSessionId: session.id,
      });
      await stores.sessions.delete(session.id);
      return project;
    });
  }

  /**
   * Deletes expired sessions in small batches, so each statement stays short
   * next to live traffic, and each batch's PDF files after its rows. The rows
   * go first and go anyway: a file that cannot be deleted now is left to the
   * orphan sweep, and a generation still rendering for a purged session finds
   * no row and deletes its own file. An aborted signal (shutdown) ends the
   * purge after the batch in hand; the next run goes on from there.
   */
  async purgeExpired(batchSize: number, signal?: AbortSignal): Promise<PurgeOutcome> {
    const outcome: PurgeOutcome = { sessions: 0, files: 0, sessionsLeftForSweep: 0 };
    await inBatches(batchSize, async (size) => {
      if (signal?.aborted) return 0;
      const ids = await this.storage.sessions.purgeExpired(size);
      outcome.sessions += ids.length;
      await this.deleteFilesOf(ids, outcome);
      return ids.length;
    });
    return outcome;
  }

  private async deleteFilesOf(sessionIds: string[], outcome: PurgeOutcome): Promise<void> {
    let done = 0;
    try {
      await eachConcurrently(sessionIds, FILE_DELETE_CONCURRENCY, async (id) => {
        // Awaited first: `outcome.files += await …` would add to the value read before the wait, losing the others' counts.
        const files = await this.pdfFiles.deleteFolder('sessions', id, 0, 'session_expired');
        outcome.files += files;
        done += 1;
      });
    } catch (error) {
      outcome.sessionsLeftForSweep += sessionIds.length - done;
      this.logger.warn(
        { err: error, sessions: sessionIds.length - done },
        'files of purged sessions could not be deleted; the PDF orphan sweep will delete them',
      );
    }
  }
}
