// Original file: evalplan/v2/wizard.proto


export interface GetSessionRequest {
  'sessionId'?: (string);
}

export interface GetSessionRequest__Output {
  'sessionId': (string);
}
