// Original file: evalplan/v2/wizard.proto

import type { WizardStatus as _evalplan_v2_WizardStatus, WizardStatus__Output as _evalplan_v2_WizardStatus__Output } from '../../evalplan/v2/WizardStatus';
import type { PlanDocument as _evalplan_v2_PlanDocument, PlanDocument__Output as _evalplan_v2_PlanDocument__Output } from '../../evalplan/v2/PlanDocument';

export interface Plan {
  'kind'?: (string);
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'wizardStatus'?: (_evalplan_v2_WizardStatus | null);
  'pdfUrl'?: (string);
  'document'?: (_evalplan_v2_PlanDocument | null);
  'title'?: (string);
}

export interface Plan__Output {
  'kind': (string);
  'id': (string);
  'name': (string);
  'description': (string);
  'wizardStatus': (_evalplan_v2_WizardStatus__Output | null);
  'pdfUrl': (string);
  'document': (_evalplan_v2_PlanDocument__Output | null);
  'title': (string);
}
