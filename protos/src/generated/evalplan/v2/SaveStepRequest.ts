// Original file: evalplan/v2/wizard.proto

import type { WizardRef as _evalplan_v2_WizardRef, WizardRef__Output as _evalplan_v2_WizardRef__Output } from '../../evalplan/v2/WizardRef';

export interface SaveStepRequest {
  'wizard'?: (_evalplan_v2_WizardRef | null);
  'stepNumber'?: (string);
  'stepDataJson'?: (string);
}

export interface SaveStepRequest__Output {
  'wizard': (_evalplan_v2_WizardRef__Output | null);
  'stepNumber': (string);
  'stepDataJson': (string);
}
