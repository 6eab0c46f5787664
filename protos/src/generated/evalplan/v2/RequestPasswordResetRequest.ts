// Original file: evalplan/v2/auth.proto

import type { PasswordResetFields as _evalplan_v2_PasswordResetFields, PasswordResetFields__Output as _evalplan_v2_PasswordResetFields__Output } from '../../evalplan/v2/PasswordResetFields';

export interface RequestPasswordResetRequest {
  'clientIp'?: (string);
  'fields'?: (_evalplan_v2_PasswordResetFields | null);
}

export interface RequestPasswordResetRequest__Output {
  'clientIp': (string);
  'fields': (_evalplan_v2_PasswordResetFields__Output | null);
}
