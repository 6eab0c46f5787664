// Original file: evalplan/v2/wizard.proto

import type { ProjectRef as _evalplan_v2_ProjectRef, ProjectRef__Output as _evalplan_v2_ProjectRef__Output } from '../../evalplan/v2/ProjectRef';

export interface UpdateProjectRequest {
  'project'?: (_evalplan_v2_ProjectRef | null);
  'bodyJson'?: (string);
}

export interface UpdateProjectRequest__Output {
  'project': (_evalplan_v2_ProjectRef__Output | null);
  'bodyJson': (string);
}
