// Original file: evalplan/v2/activity.proto


export interface RequestEvent {
  'id'?: (string);
  'eventType'?: (string);
  'userId'?: (string);
  'sessionId'?: (string);
  'projectId'?: (string);
  'method'?: (string);
  'path'?: (string);
  'statusCode'?: (number);
  'durationMs'?: (number | string);
  'createdAtMs'?: (number | string);
  'requestId'?: (string);
  'userAgent'?: (string);
  'stepNumber'?: (number);
  '_userId'?: "userId";
  '_sessionId'?: "sessionId";
  '_projectId'?: "projectId";
  '_stepNumber'?: "stepNumber";
}

export interface RequestEvent__Output {
  'id': (string);
  'eventType': (string);
  'userId'?: (string);
  'sessionId'?: (string);
  'projectId'?: (string);
  'method': (string);
  'path': (string);
  'statusCode': (number);
  'durationMs': (number);
  'createdAtMs': (number);
  'requestId': (string);
  'userAgent': (string);
  'stepNumber'?: (number);
  '_userId'?: "userId";
  '_sessionId'?: "sessionId";
  '_projectId'?: "projectId";
  '_stepNumber'?: "stepNumber";
}
