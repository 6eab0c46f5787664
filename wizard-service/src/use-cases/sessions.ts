import { randomUUID } from 'node:crypto';
import { AppError, parseBodyJson, type Queryable, withTransaction } from '@evalplan/common';
import { parseProjectFields } from '../domain/project-input';
import { type Steps, wizardStatusOf } from '../domain/wizard-status';
import { projectsRepository as projects } from '../repositories/projects';
import { sessionsRepository as sessions } from '../repositories/sessions';
import type { ProjectRow, SessionRow } from '../repositories/wizard-rows';
import { loadTarget } from './targets';

/** Anonymous sessions: create, read, and conversion into a project. */
export class SessionUseCases {
  constructor(
    private readonly db: Queryable,
    private readonly ttlMs: number,
  ) {}

  create(): Promise<SessionRow> {
    return sessions.create(this.db, randomUUID(), this.ttlMs);
  }

  async get(sessionId: string): Promise<SessionRow> {
    return (await loadTarget(this.db, { kind: 'session', id: sessionId })).row as SessionRow;
  }

  /**
   * One transaction: the session's wizard (status recomputed) and PDF
   * reference become a new project of `userId`, and the session is deleted.
   * The row lock makes a second, concurrent conversion find nothing: 404.
   */
  async convert(sessionId: string, userId: string, bodyJson: string): Promise<ProjectRow> {
    if (!userId) throw new AppError('UNAUTHORIZED');
    const fields = parseProjectFields(parseBodyJson(bodyJson));
    return withTransaction(this.db, async (tx) => {
      const { row: session } = (await loadTarget(tx, { kind: 'session', id: sessionId }, true)) as { row: SessionRow };
      const status = wizardStatusOf(JSON.parse(session.stepsJson) as Steps);
      const project = await projects.insert(tx, {
        id: randomUUID(),
        ownerId: userId,
        ...fields,
        wizard: { stepsJson: session.stepsJson, currentStep: status.currentStep, isComplete: status.isComplete, pdfUrl: session.pdfUrl },
      });
      await sessions.delete(tx, session.id);
      return project;
    });
  }

  /** Deletes expired sessions in small batches, so each statement stays short next to live traffic. */
  async purgeExpired(batchSize: number): Promise<number> {
    let deleted = 0;
    let batch: number;
    do {
      batch = await sessions.purgeExpired(this.db, batchSize);
      deleted += batch;
    } while (batch === batchSize);
    return deleted;
  }
}
