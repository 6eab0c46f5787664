// Original file: evalplan/v2/pdf.proto

import type { CoverageColumn as _evalplan_v2_CoverageColumn, CoverageColumn__Output as _evalplan_v2_CoverageColumn__Output } from '../../evalplan/v2/CoverageColumn';
import type { CoverageRow as _evalplan_v2_CoverageRow, CoverageRow__Output as _evalplan_v2_CoverageRow__Output } from '../../evalplan/v2/CoverageRow';

export interface Coverage {
  'columns'?: (_evalplan_v2_CoverageColumn)[];
  'rows'?: (_evalplan_v2_CoverageRow)[];
  'uncoveredGoals'?: (string)[];
}

export interface Coverage__Output {
  'columns': (_evalplan_v2_CoverageColumn__Output)[];
  'rows': (_evalplan_v2_CoverageRow__Output)[];
  'uncoveredGoals': (string)[];
}
