// Original file: evalplan/v1/auth.proto


export interface RequestPasswordResetRequest {
  'bodyJson'?: (string);
  'clientIp'?: (string);
}

export interface RequestPasswordResetRequest__Output {
  'bodyJson': (string);
  'clientIp': (string);
}
