import { AppError } from '@evalplan/common/errors';
import { isUuid } from '@evalplan/common/input';
import type { ProjectFields } from '../domain/project-input';
import type { Project, Session, StoredWizard } from '../domain/wizard-records';
import type { WizardStore, WizardStores } from './ports';

export type WizardKind = 'session' | 'project';

/**
 * Which wizard a request is about, decided once where the request is read
 * (handlers.ts maps the WizardRef): the target carries its kind's rules and
 * finds its kind's store, so no use-case asks "session or project?" again.
 * Method syntax on purpose: a target of a row kind stands in for one of StoredWizard.
 */
export interface WizardTarget<Row extends StoredWizard = StoredWizard> {
  readonly kind: WizardKind;
  readonly id: string;
  /** Refuses a malformed id (or a project asked for by nobody) before any query. */
  check(): void;
  /** This kind's store among `stores` (the pool's or a transaction's). */
  storeIn(stores: WizardStores): WizardStore<Row>;
  /** The row as this caller may have it: absent or someone else's throws. */
  admit(row: Row | undefined): Row;
  /** What a plan says of the wizard beside its steps: a project's name and description. */
  about(row: Row): ProjectFields | undefined;
}

/** A loaded wizard with what a plan needs of it; `about` is undefined for a session. */
export interface TargetRow {
  kind: WizardKind;
  row: StoredWizard;
  about: ProjectFields | undefined;
}

export function sessionNotFound(): AppError {
  return new AppError('SESSION_NOT_FOUND', 'This session does not exist or has expired.');
}

export function projectNotFound(): AppError {
  return new AppError('PROJECT_NOT_FOUND', 'This project does not exist.');
}

class SessionTarget implements WizardTarget<Session> {
  readonly kind = 'session';

  constructor(readonly id: string) {}

  check(): void {
    if (!isUuid(this.id)) throw new AppError('INVALID_SESSION_ID', 'The session id must be a UUID.', { field: 'sessionId' });
  }

  storeIn(stores: WizardStores): WizardStore<Session> {
    return stores.sessions;
  }

  admit(row: Session | undefined): Session {
    if (!row) throw sessionNotFound();
    return row;
  }

  about(): undefined {
    return undefined;
  }
}

class ProjectTarget implements WizardTarget<Project> {
  readonly kind = 'project';

  constructor(
    readonly id: string,
    private readonly userId: string,
  ) {}

  check(): void {
    if (!this.userId) throw new AppError('UNAUTHORIZED');
    if (!isUuid(this.id)) throw new AppError('INVALID_PROJECT_ID', 'The project id must be a UUID.', { field: 'projectId' });
  }

  storeIn(stores: WizardStores): WizardStore<Project> {
    return stores.projects;
  }

  /** 404 when it does not exist, 403 when it is someone else's. */
  admit(row: Project | undefined): Project {
    if (!row) throw projectNotFound();
    if (row.ownerId !== this.userId.toLowerCase()) throw new AppError('FORBIDDEN', 'This project belongs to someone else.');
    return row;
  }

  about(row: Project): ProjectFields {
    return { name: row.name, description: row.description };
  }
}

/** An anonymous session's wizard. */
export function sessionTarget(sessionId: string): WizardTarget<Session> {
  return new SessionTarget(sessionId);
}

/** A project's wizard, as `userId` asks for it (only its owner may). */
export function projectTarget(projectId: string, userId: string): WizardTarget<Project> {
  return new ProjectTarget(projectId, userId);
}

/** Reads the target's row (locked until the transaction of `stores` ends, with `lock`), applying its not-found and ownership rules. */
export async function loadTarget<Row extends StoredWizard>(stores: WizardStores, target: WizardTarget<Row>, lock = false): Promise<Row> {
  target.check();
  const store = target.storeIn(stores);
  return target.admit(await (lock ? store.lock(target.id) : store.find(target.id)));
}
