import { randomUUID } from 'node:crypto';
import { inBatches } from '@evalplan/common/db';
import { AppError } from '@evalplan/common/errors';
import { parseBodyJson } from '@evalplan/common/input';
import { parseProjectFields } from '../domain/project-input';
import { type Steps, wizardStatusOf } from '../domain/wizard-status';
import type { ProjectRow, SessionRow } from '../repositories/wizard-rows';
import type { WizardStorage } from '../repositories/wizard-store';
import { loadTarget, sessionTarget } from './targets';

/** Anonymous sessions: create, read, and conversion into a project. */
export class SessionUseCases {
  constructor(
    private readonly storage: WizardStorage,
    private readonly ttlMs: number,
  ) {}

  create(): Promise<SessionRow> {
    return this.storage.sessions.create(randomUUID(), this.ttlMs);
  }

  get(sessionId: string): Promise<SessionRow> {
    return loadTarget(this.storage, sessionTarget(sessionId));
  }

  /**
   * One transaction: the session's wizard (status recomputed) and PDF
   * reference become a new project of `userId`, and the session is deleted.
   * The row lock makes a second, concurrent conversion find nothing: 404.
   */
  async convert(sessionId: string, userId: string, bodyJson: string): Promise<ProjectRow> {
    if (!userId) throw new AppError('UNAUTHORIZED');
    const fields = parseProjectFields(parseBodyJson(bodyJson));
    return this.storage.inTransaction(async (stores) => {
      const session = await loadTarget(stores, sessionTarget(sessionId), true);
      const status = wizardStatusOf(JSON.parse(session.stepsJson) as Steps);
      const project = await stores.projects.insert({
        id: randomUUID(),
        ownerId: userId,
        ...fields,
        wizard: { stepsJson: session.stepsJson, currentStep: status.currentStep, isComplete: status.isComplete, pdfUrl: session.pdfUrl },
      });
      await stores.sessions.delete(session.id);
      return project;
    });
  }

  /** Deletes expired sessions in small batches, so each statement stays short next to live traffic. */
  purgeExpired(batchSize: number): Promise<number> {
    return inBatches(batchSize, (size) => this.storage.sessions.purgeExpired(size));
  }
}
