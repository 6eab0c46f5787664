// Original file: evalplan/v2/wizard.proto

import type { GoalCategoryEntry as _evalplan_v2_GoalCategoryEntry, GoalCategoryEntry__Output as _evalplan_v2_GoalCategoryEntry__Output } from '../../evalplan/v2/GoalCategoryEntry';
import type { CatalogOption as _evalplan_v2_CatalogOption, CatalogOption__Output as _evalplan_v2_CatalogOption__Output } from '../../evalplan/v2/CatalogOption';
import type { CatalogItem as _evalplan_v2_CatalogItem, CatalogItem__Output as _evalplan_v2_CatalogItem__Output } from '../../evalplan/v2/CatalogItem';

export interface Catalog {
  'goalCategories'?: (_evalplan_v2_GoalCategoryEntry)[];
  'participants'?: (_evalplan_v2_CatalogOption)[];
  'developmentStages'?: (_evalplan_v2_CatalogOption)[];
  'accessibility'?: (_evalplan_v2_CatalogOption)[];
  'time'?: (_evalplan_v2_CatalogOption)[];
  'extraConstraints'?: (_evalplan_v2_CatalogOption)[];
  'methods'?: (_evalplan_v2_CatalogItem)[];
  'instruments'?: (_evalplan_v2_CatalogItem)[];
  'nextSteps'?: (_evalplan_v2_CatalogItem)[];
}

export interface Catalog__Output {
  'goalCategories': (_evalplan_v2_GoalCategoryEntry__Output)[];
  'participants': (_evalplan_v2_CatalogOption__Output)[];
  'developmentStages': (_evalplan_v2_CatalogOption__Output)[];
  'accessibility': (_evalplan_v2_CatalogOption__Output)[];
  'time': (_evalplan_v2_CatalogOption__Output)[];
  'extraConstraints': (_evalplan_v2_CatalogOption__Output)[];
  'methods': (_evalplan_v2_CatalogItem__Output)[];
  'instruments': (_evalplan_v2_CatalogItem__Output)[];
  'nextSteps': (_evalplan_v2_CatalogItem__Output)[];
}
