// Original file: evalplan/v2/auth.proto


export interface User {
  'id'?: (string);
  'email'?: (string);
  'createdAt'?: (string);
}

export interface User__Output {
  'id': (string);
  'email': (string);
  'createdAt': (string);
}
