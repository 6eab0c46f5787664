// Original file: evalplan/v1/activity.proto

import type { ActivityEvent as _evalplan_v1_ActivityEvent, ActivityEvent__Output as _evalplan_v1_ActivityEvent__Output } from '../../evalplan/v1/ActivityEvent';

export interface RecordBatchRequest {
  'events'?: (_evalplan_v1_ActivityEvent)[];
  'eventsJson'?: (string);
}

export interface RecordBatchRequest__Output {
  'events': (_evalplan_v1_ActivityEvent__Output)[];
  'eventsJson': (string);
}
