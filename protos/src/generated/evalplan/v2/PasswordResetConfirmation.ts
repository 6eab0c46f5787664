// Original file: evalplan/v2/auth.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface PasswordResetConfirmation {
  'token'?: (string);
  'newPassword'?: (string);
  'extra'?: (_google_protobuf_Struct | null);
  '_token'?: "token";
  '_newPassword'?: "newPassword";
}

export interface PasswordResetConfirmation__Output {
  'token'?: (string);
  'newPassword'?: (string);
  'extra': (_google_protobuf_Struct__Output | null);
  '_token'?: "token";
  '_newPassword'?: "newPassword";
}
