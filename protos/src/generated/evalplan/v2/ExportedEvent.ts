// Original file: evalplan/v2/activity.proto


export interface ExportedEvent {
  'eventType'?: (string);
  'sessionId'?: (string);
  'projectId'?: (string);
  'method'?: (string);
  'path'?: (string);
  'statusCode'?: (number);
  'durationMs'?: (number | string);
  'metadataJson'?: (string);
  'createdAt'?: (string);
  '_sessionId'?: "sessionId";
  '_projectId'?: "projectId";
  '_statusCode'?: "statusCode";
  '_durationMs'?: "durationMs";
}

export interface ExportedEvent__Output {
  'eventType': (string);
  'sessionId'?: (string);
  'projectId'?: (string);
  'method': (string);
  'path': (string);
  'statusCode'?: (number);
  'durationMs'?: (number);
  'metadataJson': (string);
  'createdAt': (string);
  '_sessionId'?: "sessionId";
  '_projectId'?: "projectId";
  '_statusCode'?: "statusCode";
  '_durationMs'?: "durationMs";
}
