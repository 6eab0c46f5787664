// Original file: evalplan/v1/activity.proto


export interface RecordBatchRequest {
  'requestsJson'?: (string);
}

export interface RecordBatchRequest__Output {
  'requestsJson': (string);
}
