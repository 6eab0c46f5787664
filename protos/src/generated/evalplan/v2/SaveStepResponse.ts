// Original file: evalplan/v2/wizard.proto

import type { WizardStatus as _evalplan_v2_WizardStatus, WizardStatus__Output as _evalplan_v2_WizardStatus__Output } from '../../evalplan/v2/WizardStatus';

export interface SaveStepResponse {
  'stepNumber'?: (number);
  'stepDataJson'?: (string);
  'wizardStatus'?: (_evalplan_v2_WizardStatus | null);
  'id'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'expiresAt'?: (string);
}

export interface SaveStepResponse__Output {
  'stepNumber': (number);
  'stepDataJson': (string);
  'wizardStatus': (_evalplan_v2_WizardStatus__Output | null);
  'id': (string);
  'createdAt': (string);
  'updatedAt': (string);
  'expiresAt': (string);
}
