// Original file: evalplan/v1/activity.proto

import type { ExportedEvent as _evalplan_v1_ExportedEvent, ExportedEvent__Output as _evalplan_v1_ExportedEvent__Output } from '../../evalplan/v1/ExportedEvent';

export interface ExportedEventPage {
  'events'?: (_evalplan_v1_ExportedEvent)[];
}

export interface ExportedEventPage__Output {
  'events': (_evalplan_v1_ExportedEvent__Output)[];
}
