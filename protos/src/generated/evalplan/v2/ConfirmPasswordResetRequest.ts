// Original file: evalplan/v2/auth.proto

import type { PasswordResetConfirmation as _evalplan_v2_PasswordResetConfirmation, PasswordResetConfirmation__Output as _evalplan_v2_PasswordResetConfirmation__Output } from '../../evalplan/v2/PasswordResetConfirmation';

export interface ConfirmPasswordResetRequest {
  'clientIp'?: (string);
  'confirmation'?: (_evalplan_v2_PasswordResetConfirmation | null);
}

export interface ConfirmPasswordResetRequest__Output {
  'clientIp': (string);
  'confirmation': (_evalplan_v2_PasswordResetConfirmation__Output | null);
}
