// Original file: evalplan/v2/activity.proto


export interface ForgetUserResponse {
  'forgottenEvents'?: (number);
}

export interface ForgetUserResponse__Output {
  'forgottenEvents': (number);
}
