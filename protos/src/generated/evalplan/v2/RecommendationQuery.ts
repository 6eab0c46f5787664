// Original file: evalplan/v2/wizard.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface RecommendationQuery {
  'forStep'?: (number);
  'extra'?: (_google_protobuf_Struct | null);
  '_forStep'?: "forStep";
}

export interface RecommendationQuery__Output {
  'forStep'?: (number);
  'extra': (_google_protobuf_Struct__Output | null);
  '_forStep'?: "forStep";
}
