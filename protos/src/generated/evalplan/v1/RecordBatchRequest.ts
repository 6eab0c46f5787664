// Original file: evalplan/v1/activity.proto


export interface RecordBatchRequest {
  'requestsJson'?: (Buffer | Uint8Array | string);
}

export interface RecordBatchRequest__Output {
  'requestsJson': (Buffer);
}
