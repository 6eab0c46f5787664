// Original file: evalplan/v1/activity.proto


export interface RecordBatchRequest {
  'requestRows'?: (Buffer | Uint8Array | string);
}

export interface RecordBatchRequest__Output {
  'requestRows': (Buffer);
}
