// Original file: evalplan/v1/wizard.proto


export interface DeleteOwnerDataResponse {
  'deletedProjects'?: (number);
}

export interface DeleteOwnerDataResponse__Output {
  'deletedProjects': (number);
}
