import type { QueryResult, Row as SqlRow } from '@evalplan/common/db';

/** The wizard part every session and project row carries. */
export interface WizardColumns {
  /** The steps object as JSON text, passed through to clients unparsed. */
  stepsJson: string;
  currentStep: number;
  isComplete: boolean;
  pdfUrl: string | null;
}

/** What any wizard row has: its id and its wizard. */
export interface WizardRow extends WizardColumns {
  id: string;
}

export interface SessionRow extends WizardRow {
  /** ISO 8601 UTC, as clients get it. */
  createdAt: string;
  expiresAt: string;
}

export interface ProjectRow extends WizardRow {
  ownerId: string;
  name: string;
  description: string;
  createdAt: string;
  updatedAt: string;
  /** The session it was converted from, whose PDFs it owns; null for a project created as one. */
  originSessionId: string | null;
}

/** A wizard as a step save leaves it, in fields every kind has, so its answer needs no kind. */
export interface SavedWizard extends WizardRow {
  createdAt: string;
  updatedAt: string;
  /** A session's expiry; null for a project, which does not expire. */
  expiresAt: string | null;
}

/** What a step save writes. */
export interface WizardUpdate {
  stepsJson: string;
  currentStep: number;
  isComplete: boolean;
}

export const WIZARD_SELECT = 'steps::text AS steps_json, current_step, is_complete, pdf_url';

export interface WizardRecord {
  id: string;
  steps_json: string;
  current_step: number;
  is_complete: boolean;
  pdf_url: string | null;
}

export function wizardRowOf(row: WizardRecord): WizardRow {
  return { id: row.id, stepsJson: row.steps_json, currentStep: row.current_step, isComplete: row.is_complete, pdfUrl: row.pdf_url };
}

/**
 * A timestamp column as ISO 8601 text (UTC, milliseconds) straight from the
 * database, aliased <column>_iso: reads skip parsing into Date and formatting
 * back, which is measurable on the session read path.
 */
export function isoTimestamp(column: string): string {
  return `${isoText(column)} AS ${column}_iso`;
}

/** The expression of isoTimestamp, unnamed. */
export function isoText(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The row of a statement that returns exactly one (an INSERT or a count): its absence is a bug, not a case. */
export function onlyRow<R extends SqlRow>(result: QueryResult<R>, statement: string): R {
  const row = result.rows[0];
  if (!row) throw new Error(`${statement} returned no row`);
  return row;
}
