// Original file: evalplan/v1/wizard.proto


export interface CreateProjectRequest {
  'userId'?: (string);
  'bodyJson'?: (string);
}

export interface CreateProjectRequest__Output {
  'userId': (string);
  'bodyJson': (string);
}
