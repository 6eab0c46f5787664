// Original file: evalplan/v2/activity.proto

import type { ExportedEvent as _evalplan_v2_ExportedEvent, ExportedEvent__Output as _evalplan_v2_ExportedEvent__Output } from '../../evalplan/v2/ExportedEvent';

export interface ExportedEventPage {
  'events'?: (_evalplan_v2_ExportedEvent)[];
}

export interface ExportedEventPage__Output {
  'events': (_evalplan_v2_ExportedEvent__Output)[];
}
