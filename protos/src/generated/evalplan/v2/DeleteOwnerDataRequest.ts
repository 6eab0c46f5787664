// Original file: evalplan/v2/wizard.proto


export interface DeleteOwnerDataRequest {
  'ownerId'?: (string);
}

export interface DeleteOwnerDataRequest__Output {
  'ownerId': (string);
}
