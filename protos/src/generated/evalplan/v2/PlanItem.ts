// Original file: evalplan/v2/pdf.proto

import type { ItemCount as _evalplan_v2_ItemCount, ItemCount__Output as _evalplan_v2_ItemCount__Output } from '../../evalplan/v2/ItemCount';
import type { MinutesRange as _evalplan_v2_MinutesRange, MinutesRange__Output as _evalplan_v2_MinutesRange__Output } from '../../evalplan/v2/MinutesRange';

export interface PlanItem {
  'name'?: (string);
  'description'?: (string);
  'priority'?: (string);
  'rationale'?: (string);
  'id'?: (string);
  'priorityLabel'?: (string);
  'goals'?: (string)[];
  'items'?: (_evalplan_v2_ItemCount)[];
  'responseFormat'?: (string);
  'minutes'?: (_evalplan_v2_MinutesRange | null);
  'constructs'?: (string)[];
  'licence'?: (string);
  'participantGuidance'?: (string);
  'cites'?: (string)[];
  'kind'?: (string);
}

export interface PlanItem__Output {
  'name': (string);
  'description': (string);
  'priority': (string);
  'rationale': (string);
  'id': (string);
  'priorityLabel': (string);
  'goals': (string)[];
  'items': (_evalplan_v2_ItemCount__Output)[];
  'responseFormat': (string);
  'minutes': (_evalplan_v2_MinutesRange__Output | null);
  'constructs': (string)[];
  'licence': (string);
  'participantGuidance': (string);
  'cites': (string)[];
  'kind': (string);
}
