// Original file: evalplan/v1/activity.proto


export interface RecordBatchResponse {
  'stored'?: (number);
}

export interface RecordBatchResponse__Output {
  'stored': (number);
}
