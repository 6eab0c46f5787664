// Original file: evalplan/v2/auth.proto


export interface LogoutRequest {
  'accessToken'?: (string);
  'refreshToken'?: (string);
}

export interface LogoutRequest__Output {
  'accessToken': (string);
  'refreshToken': (string);
}
