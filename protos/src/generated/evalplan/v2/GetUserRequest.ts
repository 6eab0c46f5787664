// Original file: evalplan/v2/auth.proto


export interface GetUserRequest {
  'userId'?: (string);
}

export interface GetUserRequest__Output {
  'userId': (string);
}
