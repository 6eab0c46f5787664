// Original file: evalplan/v2/wizard.proto


export interface ConvertSessionRequest {
  'sessionId'?: (string);
  'userId'?: (string);
  'bodyJson'?: (string);
}

export interface ConvertSessionRequest__Output {
  'sessionId': (string);
  'userId': (string);
  'bodyJson': (string);
}
