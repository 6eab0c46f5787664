// Original file: evalplan/v2/wizard.proto

import type { WizardStatus as _evalplan_v2_WizardStatus, WizardStatus__Output as _evalplan_v2_WizardStatus__Output } from '../../evalplan/v2/WizardStatus';

export interface Project {
  'projectId'?: (string);
  'name'?: (string);
  'description'?: (string);
  'wizardStatus'?: (_evalplan_v2_WizardStatus | null);
  'pdfUrl'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'ownerId'?: (string);
}

export interface Project__Output {
  'projectId': (string);
  'name': (string);
  'description': (string);
  'wizardStatus': (_evalplan_v2_WizardStatus__Output | null);
  'pdfUrl': (string);
  'createdAt': (string);
  'updatedAt': (string);
  'ownerId': (string);
}
