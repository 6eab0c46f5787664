// Original file: evalplan/v1/wizard.proto

import type { Project as _evalplan_v1_Project, Project__Output as _evalplan_v1_Project__Output } from '../../evalplan/v1/Project';

export interface ListProjectsResponse {
  'projects'?: (_evalplan_v1_Project)[];
  'total'?: (number);
  'limit'?: (number);
  'offset'?: (number);
  'hasMore'?: (boolean);
}

export interface ListProjectsResponse__Output {
  'projects': (_evalplan_v1_Project__Output)[];
  'total': (number);
  'limit': (number);
  'offset': (number);
  'hasMore': (boolean);
}
