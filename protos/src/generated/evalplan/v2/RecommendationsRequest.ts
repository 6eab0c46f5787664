// Original file: evalplan/v2/wizard.proto

import type { WizardRef as _evalplan_v2_WizardRef, WizardRef__Output as _evalplan_v2_WizardRef__Output } from '../../evalplan/v2/WizardRef';

export interface RecommendationsRequest {
  'wizard'?: (_evalplan_v2_WizardRef | null);
  'bodyJson'?: (string);
}

export interface RecommendationsRequest__Output {
  'wizard': (_evalplan_v2_WizardRef__Output | null);
  'bodyJson': (string);
}
