// Original file: evalplan/v2/pdf.proto


export interface ExportedPlan {
  'data'?: (Buffer | Uint8Array | string);
  'mediaType'?: (string);
}

export interface ExportedPlan__Output {
  'data': (Buffer);
  'mediaType': (string);
}
