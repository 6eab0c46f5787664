// Original file: evalplan/v1/wizard.proto


export interface SetPdfUrlResponse {
  'stored'?: (boolean);
}

export interface SetPdfUrlResponse__Output {
  'stored': (boolean);
}
