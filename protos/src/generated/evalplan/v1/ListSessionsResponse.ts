// Original file: evalplan/v1/auth.proto

import type { SignInSession as _evalplan_v1_SignInSession, SignInSession__Output as _evalplan_v1_SignInSession__Output } from '../../evalplan/v1/SignInSession';

export interface ListSessionsResponse {
  'sessions'?: (_evalplan_v1_SignInSession)[];
}

export interface ListSessionsResponse__Output {
  'sessions': (_evalplan_v1_SignInSession__Output)[];
}
