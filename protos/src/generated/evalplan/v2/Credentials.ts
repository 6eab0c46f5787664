// Original file: evalplan/v2/auth.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface Credentials {
  'email'?: (string);
  'password'?: (string);
  'extra'?: (_google_protobuf_Struct | null);
  '_email'?: "email";
  '_password'?: "password";
}

export interface Credentials__Output {
  'email'?: (string);
  'password'?: (string);
  'extra': (_google_protobuf_Struct__Output | null);
  '_email'?: "email";
  '_password'?: "password";
}
