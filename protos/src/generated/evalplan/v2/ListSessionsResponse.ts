// Original file: evalplan/v2/auth.proto

import type { SignInSession as _evalplan_v2_SignInSession, SignInSession__Output as _evalplan_v2_SignInSession__Output } from '../../evalplan/v2/SignInSession';

export interface ListSessionsResponse {
  'sessions'?: (_evalplan_v2_SignInSession)[];
}

export interface ListSessionsResponse__Output {
  'sessions': (_evalplan_v2_SignInSession__Output)[];
}
