import type { ProjectRow, SavedWizard, SessionRow, WizardRow, WizardUpdate } from './wizard-rows';

/**
 * What became of a PDF URL to record: stored; not stored because a step was
 * saved while it rendered (that save cleared pdfUrl on purpose); or not stored
 * because the wizard is gone (deleted, converted, or an expired session).
 */
export type PdfRecording = 'recorded' | 'stale' | 'missing';

/**
 * The wizard part of a store, the same for sessions and projects: the
 * use-cases see only this, so they never ask which kind they hold. Method
 * syntax on purpose: a store of a row kind stands in for one of WizardRow.
 */
export interface WizardStore<Row extends WizardRow> {
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

export interface SessionStore extends WizardStore<SessionRow> {
  create(id: string, ttlMs: number): Promise<SessionRow>;
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
export interface ProjectStore extends WizardStore<ProjectRow> {
  insert(project: NewProject): Promise<ProjectRow>;
  /** One page of an owner's projects, newest first (id breaking ties), and how many the owner has. */
  listByOwner(ownerId: string, limit: number, offset: number): Promise<{ rows: ProjectRow[]; total: number }>;
  /** The updated project, or undefined when it was deleted meanwhile. */
  update(id: string, fields: { name?: string; description?: string }): Promise<ProjectRow | undefined>;
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
