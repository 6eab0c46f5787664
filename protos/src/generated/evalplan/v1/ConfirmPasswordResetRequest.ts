// Original file: evalplan/v1/auth.proto


export interface ConfirmPasswordResetRequest {
  'bodyJson'?: (string);
  'clientIp'?: (string);
}

export interface ConfirmPasswordResetRequest__Output {
  'bodyJson': (string);
  'clientIp': (string);
}
