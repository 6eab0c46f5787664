// Original file: evalplan/v2/wizard.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface ProjectFields {
  'name'?: (string);
  'description'?: (string);
  'extra'?: (_google_protobuf_Struct | null);
  '_name'?: "name";
  '_description'?: "description";
}

export interface ProjectFields__Output {
  'name'?: (string);
  'description'?: (string);
  'extra': (_google_protobuf_Struct__Output | null);
  '_name'?: "name";
  '_description'?: "description";
}
