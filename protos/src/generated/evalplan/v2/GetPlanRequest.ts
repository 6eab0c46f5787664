// Original file: evalplan/v2/wizard.proto

import type { WizardRef as _evalplan_v2_WizardRef, WizardRef__Output as _evalplan_v2_WizardRef__Output } from '../../evalplan/v2/WizardRef';

export interface GetPlanRequest {
  'wizard'?: (_evalplan_v2_WizardRef | null);
  'titleOnly'?: (boolean);
}

export interface GetPlanRequest__Output {
  'wizard': (_evalplan_v2_WizardRef__Output | null);
  'titleOnly': (boolean);
}
