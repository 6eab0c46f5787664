// Original file: evalplan/v2/auth.proto


export interface ConfirmPasswordResetRequest {
  'bodyJson'?: (string);
  'clientIp'?: (string);
}

export interface ConfirmPasswordResetRequest__Output {
  'bodyJson': (string);
  'clientIp': (string);
}
