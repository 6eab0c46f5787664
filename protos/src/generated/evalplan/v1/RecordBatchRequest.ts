// Original file: evalplan/v1/activity.proto


export interface RecordBatchRequest {
  'eventsJson'?: (string);
}

export interface RecordBatchRequest__Output {
  'eventsJson': (string);
}
