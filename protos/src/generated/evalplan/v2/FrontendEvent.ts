// Original file: evalplan/v2/activity.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface FrontendEvent {
  'type'?: (string);
  'sessionId'?: (string);
  'projectId'?: (string);
  'page'?: (string);
  'metadata'?: (_google_protobuf_Struct | null);
  'extra'?: (_google_protobuf_Struct | null);
  '_type'?: "type";
  '_sessionId'?: "sessionId";
  '_projectId'?: "projectId";
  '_page'?: "page";
}

export interface FrontendEvent__Output {
  'type'?: (string);
  'sessionId'?: (string);
  'projectId'?: (string);
  'page'?: (string);
  'metadata': (_google_protobuf_Struct__Output | null);
  'extra': (_google_protobuf_Struct__Output | null);
  '_type'?: "type";
  '_sessionId'?: "sessionId";
  '_projectId'?: "projectId";
  '_page'?: "page";
}
