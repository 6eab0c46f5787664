// Original file: evalplan/v2/pdf.proto

import type { BudgetLine as _evalplan_v2_BudgetLine, BudgetLine__Output as _evalplan_v2_BudgetLine__Output } from '../../evalplan/v2/BudgetLine';
import type { MinutesRange as _evalplan_v2_MinutesRange, MinutesRange__Output as _evalplan_v2_MinutesRange__Output } from '../../evalplan/v2/MinutesRange';

export interface TimeBudget {
  'lines'?: (_evalplan_v2_BudgetLine)[];
  'minutesPerParticipant'?: (_evalplan_v2_MinutesRange | null);
  'participantsLow'?: (number);
  'participantsHigh'?: (number);
  'participantHoursLow'?: (number | string);
  'participantHoursHigh'?: (number | string);
  'researcherHoursLow'?: (number | string);
  'researcherHoursHigh'?: (number | string);
  'availableHours'?: (number | string);
  'fits'?: (boolean);
  'warnings'?: (string)[];
  'assumptions'?: (string)[];
}

export interface TimeBudget__Output {
  'lines': (_evalplan_v2_BudgetLine__Output)[];
  'minutesPerParticipant': (_evalplan_v2_MinutesRange__Output | null);
  'participantsLow': (number);
  'participantsHigh': (number);
  'participantHoursLow': (number);
  'participantHoursHigh': (number);
  'researcherHoursLow': (number);
  'researcherHoursHigh': (number);
  'availableHours': (number);
  'fits': (boolean);
  'warnings': (string)[];
  'assumptions': (string)[];
}
