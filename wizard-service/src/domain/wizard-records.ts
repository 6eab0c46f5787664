// What the wizard's use-cases read and write, whichever store keeps it:
// camel-cased fields, timestamps as ISO 8601 text. Not SQL rows: the
// repositories map their rows to these.

/** The wizard part every session and project carries. */
export interface WizardFields {
  /** The steps object as JSON text, passed through to clients unparsed. */
  stepsJson: string;
  currentStep: number;
  isComplete: boolean;
  pdfUrl: string | null;
}

/** What any stored wizard has: its id and its wizard. */
export interface StoredWizard extends WizardFields {
  id: string;
}

export interface Session extends StoredWizard {
  /** ISO 8601 UTC, as clients get it. */
  createdAt: string;
  expiresAt: string;
}

export interface Project extends StoredWizard {
  ownerId: string;
  name: string;
  description: string;
  createdAt: string;
  updatedAt: string;
  /** The session it was converted from, whose PDFs it owns; null for a project created as one. */
  originSessionId: string | null;
}

/** A wizard as a step save leaves it, in fields every kind has, so its answer needs no kind. */
export interface SavedWizard extends StoredWizard {
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
