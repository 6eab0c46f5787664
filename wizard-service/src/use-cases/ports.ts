import type { Project, SavedWizard, Session, StoredWizard, WizardUpdate } from '../domain/wizard-records';

/**
 * What became of a PDF URL to record: stored; not stored because a step was
 * saved while it rendered (that save cleared pdfUrl on purpose); or not stored
 * because the wizard is gone (deleted, converted, or an expired session).
 */
export type PdfRecording = 'recorded' | 'stale' | 'missing';

/**
 * The wizard part of a store, the same for sessions and projects: the
 * use-cases see only this, so they never ask which kind they hold. Method
 * syntax on purpose: a store of a row kind stands in for one of StoredWizard.
 */
export interface WizardStore<Row extends StoredWizard> {
  /** The row, or undefined when there is none (an expired session counts as none). */
  find(id: string): Promise<Row | undefined>;
  /** As find, and the row stays locked until the transaction this store belongs to ends. */
  lock(id: string): Promise<Row | undefined>;
  /** Saves a step's outcome and clears pdfUrl: a new step invalidates the PDF (its old file stays downloadable by URL). */
  saveWizard(id: string, update: WizardUpdate): Promise<SavedWizard>;
  /** Stores the URL only while the wizard still holds `renderedStepsJson` (as JSON, not as text). */
  setPdfUrl(id: string, pdfUrl: string, renderedStepsJson: string): Promise<PdfRecording>;
  delete(id: string): Promise<void>;
}

export interface SessionStore extends WizardStore<Session> {
  create(id: string, ttlMs: number): Promise<Session>;
  /** Deletes up to `batchSize` expired sessions; returns their ids. */
  purgeExpired(batchSize: number): Promise<string[]>;
}

export interface NewProject {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  /** A converted session's wizard; a fresh one when absent. */
  wizard?: WizardUpdate & { pdfUrl: string | null };
  /** The converted session, whose PDFs the project takes over. */
  originSessionId?: string;
}

/** Ownership is decided by the caller from ownerId. */
export interface ProjectStore extends WizardStore<Project> {
  insert(project: NewProject): Promise<Project>;
  /** One page of an owner's projects, newest first (id breaking ties), and how many the owner has. */
  listByOwner(ownerId: string, limit: number, offset: number): Promise<{ rows: Project[]; total: number }>;
  /** The updated project, or undefined when it was deleted meanwhile. */
  update(id: string, fields: { name?: string; description?: string }): Promise<Project | undefined>;
}

export interface WizardStores {
  readonly sessions: SessionStore;
  readonly projects: ProjectStore;
}

/** The stores outside any transaction, and the way into one. */
export interface WizardStorage extends WizardStores {
  /** Runs `work` on stores of one transaction: committed when it resolves, rolled back when it throws. */
  inTransaction<T>(work: (stores: WizardStores) => Promise<T>): Promise<T>;
}

/** Where an export page ends: the last row's created_at at full precision (text) and id. */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

/** A project and what names its files, as account deletion needs them. */
export interface OwnedProject {
  id: string;
  pdfUrl: string | null;
  originSessionId: string | null;
}

/** All projects of one owner at once: a data export and account deletion. */
export interface OwnerProjectStore {
  /** Up to `limit` projects, oldest first (id breaking ties), after `after`; the cursor of the last one. */
  exportPage(ownerId: string, after: ExportCursor | undefined, limit: number): Promise<{ rows: Project[]; next?: ExportCursor }>;
  owned(ownerId: string): Promise<OwnedProject[]>;
  /** Deletes every project of the owner in one statement; what it deleted. */
  deleteOwned(ownerId: string): Promise<OwnedProject[]>;
}

/** Whose PDF folder it is, in pdf-service's words. */
export type PdfOwner = 'projects' | 'sessions';

/** Which owners of stored PDF folders still have a row here: what the orphan sweep keeps. */
export interface PdfOwnerRows {
  /** Those of `ids` (lower-case UUIDs) that still belong to a row. */
  existing(owner: PdfOwner, ids: readonly string[]): Promise<Set<string>>;
}

/** A lease this replica holds. */
export interface TaskLease {
  /**
   * Holds the task another `forMs` from now, if this lease still holds it:
   * false when it ran out meanwhile (another replica may have claimed the task).
   */
  renew(): Promise<boolean>;
}

/** Background work one replica does for all: whoever claims the lease runs it (migration 002 says why a lease). */
export interface TaskLeases {
  /** The lease on `task` for `forMs`, when nobody held it or the last lease ran out; undefined otherwise. */
  claim(task: string, forMs: number): Promise<TaskLease | undefined>;
}
