// Original file: evalplan/v2/auth.proto


export interface RequestPasswordResetRequest {
  'bodyJson'?: (string);
  'clientIp'?: (string);
}

export interface RequestPasswordResetRequest__Output {
  'bodyJson': (string);
  'clientIp': (string);
}
