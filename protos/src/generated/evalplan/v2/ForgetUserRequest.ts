// Original file: evalplan/v2/activity.proto


export interface ForgetUserRequest {
  'userId'?: (string);
}

export interface ForgetUserRequest__Output {
  'userId': (string);
}
