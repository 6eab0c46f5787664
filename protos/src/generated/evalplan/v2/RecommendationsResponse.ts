// Original file: evalplan/v2/wizard.proto

import type { Recommendation as _evalplan_v2_Recommendation, Recommendation__Output as _evalplan_v2_Recommendation__Output } from '../../evalplan/v2/Recommendation';

export interface RecommendationsResponse {
  'forStep'?: (number);
  'recommendations'?: (_evalplan_v2_Recommendation)[];
}

export interface RecommendationsResponse__Output {
  'forStep': (number);
  'recommendations': (_evalplan_v2_Recommendation__Output)[];
}
