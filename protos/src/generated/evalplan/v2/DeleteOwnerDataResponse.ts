// Original file: evalplan/v2/wizard.proto


export interface DeleteOwnerDataResponse {
  'deletedProjects'?: (number);
}

export interface DeleteOwnerDataResponse__Output {
  'deletedProjects': (number);
}
