/** The wizard part every session and project row carries. */
export interface WizardColumns {
  /** The steps object as JSON text, passed through to clients unparsed. */
  stepsJson: string;
  currentStep: number;
  isComplete: boolean;
  pdfUrl: string | null;
}

export interface SessionRow extends WizardColumns {
  id: string;
  /** ISO 8601 UTC, as clients get it. */
  createdAt: string;
  expiresAt: string;
}

export interface ProjectRow extends WizardColumns {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  createdAt: string;
  updatedAt: string;
}

/** What a step save writes. */
export interface WizardUpdate {
  stepsJson: string;
  currentStep: number;
  isComplete: boolean;
}

export const WIZARD_SELECT = 'steps::text AS steps_json, current_step, is_complete, pdf_url';

export interface WizardRecord {
  steps_json: string;
  current_step: number;
  is_complete: boolean;
  pdf_url: string | null;
}

export function wizardColumnsOf(row: WizardRecord): WizardColumns {
  return { stepsJson: row.steps_json, currentStep: row.current_step, isComplete: row.is_complete, pdfUrl: row.pdf_url };
}

/**
 * A timestamp column as ISO 8601 text (UTC, milliseconds) straight from the
 * database, aliased <column>_iso: reads skip parsing into Date and formatting
 * back, which is measurable on the session read path.
 */
export function isoTimestamp(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}_iso`;
}
