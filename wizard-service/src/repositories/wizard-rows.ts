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
  createdAt: Date;
  expiresAt: Date;
}

export interface ProjectRow extends WizardColumns {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
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
