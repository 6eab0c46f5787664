// Original file: evalplan/v1/wizard.proto


export interface DeleteOwnerDataRequest {
  'ownerId'?: (string);
}

export interface DeleteOwnerDataRequest__Output {
  'ownerId': (string);
}
