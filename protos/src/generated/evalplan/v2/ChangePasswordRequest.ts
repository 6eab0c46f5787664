// Original file: evalplan/v2/auth.proto

import type { Caller as _evalplan_v2_Caller, Caller__Output as _evalplan_v2_Caller__Output } from '../../evalplan/v2/Caller';
import type { PasswordChange as _evalplan_v2_PasswordChange, PasswordChange__Output as _evalplan_v2_PasswordChange__Output } from '../../evalplan/v2/PasswordChange';

export interface ChangePasswordRequest {
  'caller'?: (_evalplan_v2_Caller | null);
  'change'?: (_evalplan_v2_PasswordChange | null);
}

export interface ChangePasswordRequest__Output {
  'caller': (_evalplan_v2_Caller__Output | null);
  'change': (_evalplan_v2_PasswordChange__Output | null);
}
