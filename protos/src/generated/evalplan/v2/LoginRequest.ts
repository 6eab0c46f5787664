// Original file: evalplan/v2/auth.proto

import type { Credentials as _evalplan_v2_Credentials, Credentials__Output as _evalplan_v2_Credentials__Output } from '../../evalplan/v2/Credentials';

export interface LoginRequest {
  'clientIp'?: (string);
  'userAgent'?: (string);
  'deviceToken'?: (string);
  'credentials'?: (_evalplan_v2_Credentials | null);
}

export interface LoginRequest__Output {
  'clientIp': (string);
  'userAgent': (string);
  'deviceToken': (string);
  'credentials': (_evalplan_v2_Credentials__Output | null);
}
