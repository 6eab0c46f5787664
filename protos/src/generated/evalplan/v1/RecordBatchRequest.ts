// Original file: evalplan/v1/activity.proto

import type { RequestEvent as _evalplan_v1_RequestEvent, RequestEvent__Output as _evalplan_v1_RequestEvent__Output } from '../../evalplan/v1/RequestEvent';

export interface RecordBatchRequest {
  'events'?: (_evalplan_v1_RequestEvent)[];
}

export interface RecordBatchRequest__Output {
  'events': (_evalplan_v1_RequestEvent__Output)[];
}
