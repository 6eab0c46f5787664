// Original file: evalplan/v2/activity.proto

import type { FrontendEvent as _evalplan_v2_FrontendEvent, FrontendEvent__Output as _evalplan_v2_FrontendEvent__Output } from '../../evalplan/v2/FrontendEvent';

export interface RecordFrontendEventRequest {
  'userId'?: (string);
  'requestId'?: (string);
  'userAgent'?: (string);
  'event'?: (_evalplan_v2_FrontendEvent | null);
}

export interface RecordFrontendEventRequest__Output {
  'userId': (string);
  'requestId': (string);
  'userAgent': (string);
  'event': (_evalplan_v2_FrontendEvent__Output | null);
}
