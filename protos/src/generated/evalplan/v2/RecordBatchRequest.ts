// Original file: evalplan/v2/activity.proto

import type { RequestEvent as _evalplan_v2_RequestEvent, RequestEvent__Output as _evalplan_v2_RequestEvent__Output } from '../../evalplan/v2/RequestEvent';

export interface RecordBatchRequest {
  'events'?: (_evalplan_v2_RequestEvent)[];
}

export interface RecordBatchRequest__Output {
  'events': (_evalplan_v2_RequestEvent__Output)[];
}
