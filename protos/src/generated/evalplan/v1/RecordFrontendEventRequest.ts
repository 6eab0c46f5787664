// Original file: evalplan/v1/activity.proto


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
