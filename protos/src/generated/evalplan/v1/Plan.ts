// Original file: evalplan/v1/wizard.proto

import type { WizardStatus as _evalplan_v1_WizardStatus, WizardStatus__Output as _evalplan_v1_WizardStatus__Output } from '../../evalplan/v1/WizardStatus';
import type { PlanDocument as _evalplan_v1_PlanDocument, PlanDocument__Output as _evalplan_v1_PlanDocument__Output } from '../../evalplan/v1/PlanDocument';

export interface Plan {
  'kind'?: (string);
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'wizardStatus'?: (_evalplan_v1_WizardStatus | null);
  'pdfUrl'?: (string);
  'document'?: (_evalplan_v1_PlanDocument | null);
}

export interface Plan__Output {
  'kind': (string);
  'id': (string);
  'name': (string);
  'description': (string);
  'wizardStatus': (_evalplan_v1_WizardStatus__Output | null);
  'pdfUrl': (string);
  'document': (_evalplan_v1_PlanDocument__Output | null);
}
