// Original file: evalplan/v2/wizard.proto


export interface ListProjectsRequest {
  'userId'?: (string);
  'limit'?: (number);
  'offset'?: (number);
  '_limit'?: "limit";
  '_offset'?: "offset";
}

export interface ListProjectsRequest__Output {
  'userId': (string);
  'limit'?: (number);
  'offset'?: (number);
  '_limit'?: "limit";
  '_offset'?: "offset";
}
