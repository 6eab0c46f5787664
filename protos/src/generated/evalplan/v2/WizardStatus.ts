// Original file: evalplan/v2/wizard.proto

import type { WizardSteps as _evalplan_v2_WizardSteps, WizardSteps__Output as _evalplan_v2_WizardSteps__Output } from '../../evalplan/v2/WizardSteps';

export interface WizardStatus {
  'currentStep'?: (number);
  'isComplete'?: (boolean);
  'steps'?: (_evalplan_v2_WizardSteps | null);
}

export interface WizardStatus__Output {
  'currentStep': (number);
  'isComplete': (boolean);
  'steps': (_evalplan_v2_WizardSteps__Output | null);
}
