// Original file: evalplan/v2/wizard.proto


export interface ProjectRef {
  'projectId'?: (string);
  'userId'?: (string);
}

export interface ProjectRef__Output {
  'projectId': (string);
  'userId': (string);
}
