// Original file: evalplan/v2/auth.proto


export interface LogoutAllResponse {
  'ended'?: (number);
}

export interface LogoutAllResponse__Output {
  'ended': (number);
}
