// Original file: evalplan/v2/activity.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface ExportedEvent {
  'eventType'?: (string);
  'sessionId'?: (string);
  'projectId'?: (string);
  'method'?: (string);
  'path'?: (string);
  'statusCode'?: (number);
  'durationMs'?: (number | string);
  'createdAt'?: (string);
  'metadata'?: (_google_protobuf_Struct | null);
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
  'createdAt': (string);
  'metadata': (_google_protobuf_Struct__Output | null);
  '_sessionId'?: "sessionId";
  '_projectId'?: "projectId";
  '_statusCode'?: "statusCode";
  '_durationMs'?: "durationMs";
}
