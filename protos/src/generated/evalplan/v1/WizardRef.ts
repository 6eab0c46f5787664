// Original file: evalplan/v1/wizard.proto

import type { ProjectRef as _evalplan_v1_ProjectRef, ProjectRef__Output as _evalplan_v1_ProjectRef__Output } from '../../evalplan/v1/ProjectRef';

export interface WizardRef {
  'sessionId'?: (string);
  'project'?: (_evalplan_v1_ProjectRef | null);
  'target'?: "sessionId"|"project";
}

export interface WizardRef__Output {
  'sessionId'?: (string);
  'project'?: (_evalplan_v1_ProjectRef__Output | null);
  'target'?: "sessionId"|"project";
}
