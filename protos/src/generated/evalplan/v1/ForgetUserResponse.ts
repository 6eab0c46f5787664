// Original file: evalplan/v1/activity.proto


export interface ForgetUserResponse {
  'forgottenEvents'?: (number);
}

export interface ForgetUserResponse__Output {
  'forgottenEvents': (number);
}
