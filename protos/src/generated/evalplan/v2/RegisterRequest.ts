// Original file: evalplan/v2/auth.proto


export interface RegisterRequest {
  'bodyJson'?: (string);
  'clientIp'?: (string);
  'userAgent'?: (string);
}

export interface RegisterRequest__Output {
  'bodyJson': (string);
  'clientIp': (string);
  'userAgent': (string);
}
