// Original file: evalplan/v1/auth.proto

import type { Caller as _evalplan_v1_Caller, Caller__Output as _evalplan_v1_Caller__Output } from '../../evalplan/v1/Caller';

export interface DeleteAccountRequest {
  'caller'?: (_evalplan_v1_Caller | null);
  'bodyJson'?: (string);
}

export interface DeleteAccountRequest__Output {
  'caller': (_evalplan_v1_Caller__Output | null);
  'bodyJson': (string);
}
