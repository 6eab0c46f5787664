// Original file: evalplan/v2/wizard.proto


export interface ListProjectsRequest {
  'userId'?: (string);
  'limit'?: (string);
  'offset'?: (string);
}

export interface ListProjectsRequest__Output {
  'userId': (string);
  'limit': (string);
  'offset': (string);
}
