// Original file: evalplan/v2/auth.proto


export interface Caller {
  'userId'?: (string);
  'familyId'?: (string);
  'clientIp'?: (string);
  'userAgent'?: (string);
}

export interface Caller__Output {
  'userId': (string);
  'familyId': (string);
  'clientIp': (string);
  'userAgent': (string);
}
