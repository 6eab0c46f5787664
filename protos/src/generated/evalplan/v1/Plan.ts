// Original file: evalplan/v1/wizard.proto

import type { WizardStatus as _evalplan_v1_WizardStatus, WizardStatus__Output as _evalplan_v1_WizardStatus__Output } from '../../evalplan/v1/WizardStatus';

export interface Plan {
  'kind'?: (string);
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'wizardStatus'?: (_evalplan_v1_WizardStatus | null);
  'pdfUrl'?: (string);
  'documentJson'?: (string);
}

export interface Plan__Output {
  'kind': (string);
  'id': (string);
  'name': (string);
  'description': (string);
  'wizardStatus': (_evalplan_v1_WizardStatus__Output | null);
  'pdfUrl': (string);
  'documentJson': (string);
}
