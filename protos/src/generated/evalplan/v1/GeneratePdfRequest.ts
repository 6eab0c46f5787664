// Original file: evalplan/v1/wizard.proto

import type { WizardRef as _evalplan_v1_WizardRef, WizardRef__Output as _evalplan_v1_WizardRef__Output } from '../../evalplan/v1/WizardRef';

export interface GeneratePdfRequest {
  'wizard'?: (_evalplan_v1_WizardRef | null);
  'bodyJson'?: (string);
}

export interface GeneratePdfRequest__Output {
  'wizard': (_evalplan_v1_WizardRef__Output | null);
  'bodyJson': (string);
}
