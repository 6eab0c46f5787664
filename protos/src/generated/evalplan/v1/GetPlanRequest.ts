// Original file: evalplan/v1/wizard.proto

import type { WizardRef as _evalplan_v1_WizardRef, WizardRef__Output as _evalplan_v1_WizardRef__Output } from '../../evalplan/v1/WizardRef';

export interface GetPlanRequest {
  'wizard'?: (_evalplan_v1_WizardRef | null);
}

export interface GetPlanRequest__Output {
  'wizard': (_evalplan_v1_WizardRef__Output | null);
}
