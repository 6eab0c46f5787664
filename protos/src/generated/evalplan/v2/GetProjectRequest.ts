// Original file: evalplan/v2/wizard.proto

import type { ProjectRef as _evalplan_v2_ProjectRef, ProjectRef__Output as _evalplan_v2_ProjectRef__Output } from '../../evalplan/v2/ProjectRef';

export interface GetProjectRequest {
  'project'?: (_evalplan_v2_ProjectRef | null);
}

export interface GetProjectRequest__Output {
  'project': (_evalplan_v2_ProjectRef__Output | null);
}
