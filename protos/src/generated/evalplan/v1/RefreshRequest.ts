// Original file: evalplan/v1/auth.proto


export interface RefreshRequest {
  'refreshToken'?: (string);
}

export interface RefreshRequest__Output {
  'refreshToken': (string);
}
