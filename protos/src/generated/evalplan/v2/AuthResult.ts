// Original file: evalplan/v2/auth.proto

import type { User as _evalplan_v2_User, User__Output as _evalplan_v2_User__Output } from '../../evalplan/v2/User';
import type { Long } from '@grpc/proto-loader';

export interface AuthResult {
  'accessToken'?: (string);
  'user'?: (_evalplan_v2_User | null);
  'refreshToken'?: (string);
  'refreshTokenMaxAge'?: (number | string | Long);
  'accessTokenExpiresIn'?: (number | string | Long);
  'deviceToken'?: (string);
  'deviceTokenMaxAge'?: (number | string | Long);
}

export interface AuthResult__Output {
  'accessToken': (string);
  'user': (_evalplan_v2_User__Output | null);
  'refreshToken': (string);
  'refreshTokenMaxAge': (number);
  'accessTokenExpiresIn': (number);
  'deviceToken': (string);
  'deviceTokenMaxAge': (number);
}
