// Original file: evalplan/v2/wizard.proto

import type { WizardStatus as _evalplan_v2_WizardStatus, WizardStatus__Output as _evalplan_v2_WizardStatus__Output } from '../../evalplan/v2/WizardStatus';

export interface Session {
  'sessionId'?: (string);
  'wizardStatus'?: (_evalplan_v2_WizardStatus | null);
  'createdAt'?: (string);
  'expiresAt'?: (string);
  'pdfUrl'?: (string);
}

export interface Session__Output {
  'sessionId': (string);
  'wizardStatus': (_evalplan_v2_WizardStatus__Output | null);
  'createdAt': (string);
  'expiresAt': (string);
  'pdfUrl': (string);
}
