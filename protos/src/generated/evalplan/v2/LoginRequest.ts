// Original file: evalplan/v2/auth.proto


export interface LoginRequest {
  'bodyJson'?: (string);
  'clientIp'?: (string);
  'userAgent'?: (string);
  'deviceToken'?: (string);
}

export interface LoginRequest__Output {
  'bodyJson': (string);
  'clientIp': (string);
  'userAgent': (string);
  'deviceToken': (string);
}
