// Original file: evalplan/v1/auth.proto


export interface RefreshRequest {
  'refreshToken'?: (string);
  'userAgent'?: (string);
}

export interface RefreshRequest__Output {
  'refreshToken': (string);
  'userAgent': (string);
}
