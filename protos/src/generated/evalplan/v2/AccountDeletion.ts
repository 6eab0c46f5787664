// Original file: evalplan/v2/auth.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface AccountDeletion {
  'password'?: (string);
  'extra'?: (_google_protobuf_Struct | null);
  '_password'?: "password";
}

export interface AccountDeletion__Output {
  'password'?: (string);
  'extra': (_google_protobuf_Struct__Output | null);
  '_password'?: "password";
}
