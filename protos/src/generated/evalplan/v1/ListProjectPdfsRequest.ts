// Original file: evalplan/v1/wizard.proto

import type { ProjectRef as _evalplan_v1_ProjectRef, ProjectRef__Output as _evalplan_v1_ProjectRef__Output } from '../../evalplan/v1/ProjectRef';

export interface ListProjectPdfsRequest {
  'project'?: (_evalplan_v1_ProjectRef | null);
}

export interface ListProjectPdfsRequest__Output {
  'project': (_evalplan_v1_ProjectRef__Output | null);
}
