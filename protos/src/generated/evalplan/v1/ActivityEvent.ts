// Original file: evalplan/v1/activity.proto


export interface ActivityEvent {
  'eventType'?: (string);
  'userId'?: (string);
  'sessionId'?: (string);
  'projectId'?: (string);
  'method'?: (string);
  'path'?: (string);
  'statusCode'?: (number);
  'durationMs'?: (number | string);
  'metadataJson'?: (string);
  'createdAt'?: (string);
  'id'?: (string);
}

export interface ActivityEvent__Output {
  'eventType': (string);
  'userId': (string);
  'sessionId': (string);
  'projectId': (string);
  'method': (string);
  'path': (string);
  'statusCode': (number);
  'durationMs': (number);
  'metadataJson': (string);
  'createdAt': (string);
  'id': (string);
}
