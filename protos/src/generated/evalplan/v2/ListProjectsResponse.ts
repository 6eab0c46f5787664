// Original file: evalplan/v2/wizard.proto

import type { Project as _evalplan_v2_Project, Project__Output as _evalplan_v2_Project__Output } from '../../evalplan/v2/Project';

export interface ListProjectsResponse {
  'projects'?: (_evalplan_v2_Project)[];
  'total'?: (number);
  'limit'?: (number);
  'offset'?: (number);
  'hasMore'?: (boolean);
}

export interface ListProjectsResponse__Output {
  'projects': (_evalplan_v2_Project__Output)[];
  'total': (number);
  'limit': (number);
  'offset': (number);
  'hasMore': (boolean);
}
