import { AppError, isUuid, type SqlExecutor } from '@evalplan/common';
import { projectsRepository as projects } from '../repositories/projects';
import { sessionsRepository as sessions } from '../repositories/sessions';
import type { ProjectRow, SessionRow } from '../repositories/wizard-rows';

/** Which wizard a request is about: an anonymous session, or a project of the calling user. */
export type WizardTarget = { kind: 'session'; id: string } | { kind: 'project'; id: string; userId: string };

export type TargetRow = { kind: 'session'; row: SessionRow } | { kind: 'project'; row: ProjectRow };

/** Malformed ids are refused before any query: INVALID_SESSION_ID or INVALID_PROJECT_ID. */
export function checkTargetId(target: WizardTarget): void {
  if (target.kind === 'session' && !isUuid(target.id)) {
    throw new AppError('INVALID_SESSION_ID', 'The session id must be a UUID.', { field: 'sessionId' });
  }
  if (target.kind === 'project') {
    if (!target.userId) throw new AppError('UNAUTHORIZED');
    if (!isUuid(target.id)) throw new AppError('INVALID_PROJECT_ID', 'The project id must be a UUID.', { field: 'projectId' });
  }
}

export function sessionNotFound(): AppError {
  return new AppError('SESSION_NOT_FOUND', 'This session does not exist or has expired.');
}

/** The project if it exists and belongs to `userId`: 404 when it does not exist, 403 when it is someone else's. */
export function ownedProject(row: ProjectRow | undefined, userId: string): ProjectRow {
  if (!row) throw new AppError('PROJECT_NOT_FOUND', 'This project does not exist.');
  if (row.ownerId !== userId.toLowerCase()) throw new AppError('FORBIDDEN', 'This project belongs to someone else.');
  return row;
}

/** Reads the target's row (locked for update with `lock`), applying the not-found and ownership rules. */
export async function loadTarget(db: SqlExecutor, target: WizardTarget, lock = false): Promise<TargetRow> {
  checkTargetId(target);
  if (target.kind === 'session') {
    const row = lock ? await sessions.lock(db, target.id) : await sessions.find(db, target.id);
    if (!row) throw sessionNotFound();
    return { kind: 'session', row };
  }
  const row = lock ? await projects.lock(db, target.id) : await projects.find(db, target.id);
  return { kind: 'project', row: ownedProject(row, target.userId) };
}
