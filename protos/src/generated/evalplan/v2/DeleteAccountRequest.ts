// Original file: evalplan/v2/auth.proto

import type { Caller as _evalplan_v2_Caller, Caller__Output as _evalplan_v2_Caller__Output } from '../../evalplan/v2/Caller';
import type { AccountDeletion as _evalplan_v2_AccountDeletion, AccountDeletion__Output as _evalplan_v2_AccountDeletion__Output } from '../../evalplan/v2/AccountDeletion';

export interface DeleteAccountRequest {
  'caller'?: (_evalplan_v2_Caller | null);
  'confirmation'?: (_evalplan_v2_AccountDeletion | null);
}

export interface DeleteAccountRequest__Output {
  'caller': (_evalplan_v2_Caller__Output | null);
  'confirmation': (_evalplan_v2_AccountDeletion__Output | null);
}
