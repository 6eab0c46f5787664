// Original file: evalplan/v2/auth.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface PasswordChange {
  'currentPassword'?: (string);
  'newPassword'?: (string);
  'extra'?: (_google_protobuf_Struct | null);
  '_currentPassword'?: "currentPassword";
  '_newPassword'?: "newPassword";
}

export interface PasswordChange__Output {
  'currentPassword'?: (string);
  'newPassword'?: (string);
  'extra': (_google_protobuf_Struct__Output | null);
  '_currentPassword'?: "currentPassword";
  '_newPassword'?: "newPassword";
}
