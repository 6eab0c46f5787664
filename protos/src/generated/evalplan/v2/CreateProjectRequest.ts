// Original file: evalplan/v2/wizard.proto

import type { ProjectFields as _evalplan_v2_ProjectFields, ProjectFields__Output as _evalplan_v2_ProjectFields__Output } from '../../evalplan/v2/ProjectFields';

export interface CreateProjectRequest {
  'userId'?: (string);
  'fields'?: (_evalplan_v2_ProjectFields | null);
}

export interface CreateProjectRequest__Output {
  'userId': (string);
  'fields': (_evalplan_v2_ProjectFields__Output | null);
}
