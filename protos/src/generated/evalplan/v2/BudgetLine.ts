// Original file: evalplan/v2/pdf.proto

import type { MinutesRange as _evalplan_v2_MinutesRange, MinutesRange__Output as _evalplan_v2_MinutesRange__Output } from '../../evalplan/v2/MinutesRange';

export interface BudgetLine {
  'name'?: (string);
  'kind'?: (string);
  'participantMinutes'?: (_evalplan_v2_MinutesRange | null);
  'researcherHoursLow'?: (number | string);
  'researcherHoursHigh'?: (number | string);
  'basis'?: (string);
}

export interface BudgetLine__Output {
  'name': (string);
  'kind': (string);
  'participantMinutes': (_evalplan_v2_MinutesRange__Output | null);
  'researcherHoursLow': (number);
  'researcherHoursHigh': (number);
  'basis': (string);
}
