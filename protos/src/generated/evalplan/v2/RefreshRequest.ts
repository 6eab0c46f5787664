// Original file: evalplan/v2/auth.proto


export interface RefreshRequest {
  'refreshToken'?: (string);
  'userAgent'?: (string);
}

export interface RefreshRequest__Output {
  'refreshToken': (string);
  'userAgent': (string);
}
