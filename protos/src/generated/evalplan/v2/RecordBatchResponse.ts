// Original file: evalplan/v2/activity.proto


export interface RecordBatchResponse {
  'stored'?: (number);
}

export interface RecordBatchResponse__Output {
  'stored': (number);
}
