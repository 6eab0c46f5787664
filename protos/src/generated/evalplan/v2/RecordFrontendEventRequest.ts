// Original file: evalplan/v2/activity.proto


export interface RecordFrontendEventRequest {
  'userId'?: (string);
  'bodyJson'?: (string);
  'requestId'?: (string);
  'userAgent'?: (string);
}

export interface RecordFrontendEventRequest__Output {
  'userId': (string);
  'bodyJson': (string);
  'requestId': (string);
  'userAgent': (string);
}
