// Original file: evalplan/v2/wizard.proto


export interface CreateProjectRequest {
  'userId'?: (string);
  'bodyJson'?: (string);
}

export interface CreateProjectRequest__Output {
  'userId': (string);
  'bodyJson': (string);
}
