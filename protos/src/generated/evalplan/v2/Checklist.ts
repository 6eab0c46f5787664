// Original file: evalplan/v2/pdf.proto

import type { ChecklistItem as _evalplan_v2_ChecklistItem, ChecklistItem__Output as _evalplan_v2_ChecklistItem__Output } from '../../evalplan/v2/ChecklistItem';

export interface Checklist {
  'reasons'?: (string)[];
  'items'?: (_evalplan_v2_ChecklistItem)[];
  'disclaimer'?: (string);
}

export interface Checklist__Output {
  'reasons': (string)[];
  'items': (_evalplan_v2_ChecklistItem__Output)[];
  'disclaimer': (string);
}
