// Original file: evalplan/v2/auth.proto

import type { Caller as _evalplan_v2_Caller, Caller__Output as _evalplan_v2_Caller__Output } from '../../evalplan/v2/Caller';

export interface ChangePasswordRequest {
  'caller'?: (_evalplan_v2_Caller | null);
  'bodyJson'?: (string);
}

export interface ChangePasswordRequest__Output {
  'caller': (_evalplan_v2_Caller__Output | null);
  'bodyJson': (string);
}
