// Original file: evalplan/v2/auth.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface PasswordResetFields {
  'email'?: (string);
  'extra'?: (_google_protobuf_Struct | null);
  '_email'?: "email";
}

export interface PasswordResetFields__Output {
  'email'?: (string);
  'extra': (_google_protobuf_Struct__Output | null);
  '_email'?: "email";
}
