// Original file: evalplan/v2/wizard.proto

import type { CatalogGoal as _evalplan_v2_CatalogGoal, CatalogGoal__Output as _evalplan_v2_CatalogGoal__Output } from '../../evalplan/v2/CatalogGoal';

export interface GoalCategoryEntry {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'goals'?: (_evalplan_v2_CatalogGoal)[];
}

export interface GoalCategoryEntry__Output {
  'id': (string);
  'name': (string);
  'description': (string);
  'goals': (_evalplan_v2_CatalogGoal__Output)[];
}
