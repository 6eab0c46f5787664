// Original file: evalplan/v2/wizard.proto

import type { ProjectRef as _evalplan_v2_ProjectRef, ProjectRef__Output as _evalplan_v2_ProjectRef__Output } from '../../evalplan/v2/ProjectRef';

export interface WizardRef {
  'sessionId'?: (string);
  'project'?: (_evalplan_v2_ProjectRef | null);
  'target'?: "sessionId"|"project";
}

export interface WizardRef__Output {
  'sessionId'?: (string);
  'project'?: (_evalplan_v2_ProjectRef__Output | null);
  'target'?: "sessionId"|"project";
}
