// Original file: evalplan/v2/auth.proto


export interface SignInSession {
  'id'?: (string);
  'createdAt'?: (string);
  'lastUsedAt'?: (string);
  'expiresAt'?: (string);
  'device'?: (string);
  'current'?: (boolean);
}

export interface SignInSession__Output {
  'id': (string);
  'createdAt': (string);
  'lastUsedAt': (string);
  'expiresAt': (string);
  'device': (string);
  'current': (boolean);
}
