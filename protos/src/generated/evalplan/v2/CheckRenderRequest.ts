// Original file: evalplan/v2/pdf.proto


export interface CheckRenderRequest {
  'bodyJson'?: (string);
}

export interface CheckRenderRequest__Output {
  'bodyJson': (string);
}
