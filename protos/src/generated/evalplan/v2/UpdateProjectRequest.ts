// Original file: evalplan/v2/wizard.proto

import type { ProjectRef as _evalplan_v2_ProjectRef, ProjectRef__Output as _evalplan_v2_ProjectRef__Output } from '../../evalplan/v2/ProjectRef';
import type { ProjectFields as _evalplan_v2_ProjectFields, ProjectFields__Output as _evalplan_v2_ProjectFields__Output } from '../../evalplan/v2/ProjectFields';

export interface UpdateProjectRequest {
  'project'?: (_evalplan_v2_ProjectRef | null);
  'fields'?: (_evalplan_v2_ProjectFields | null);
}

export interface UpdateProjectRequest__Output {
  'project': (_evalplan_v2_ProjectRef__Output | null);
  'fields': (_evalplan_v2_ProjectFields__Output | null);
}
