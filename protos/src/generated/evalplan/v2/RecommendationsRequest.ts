// Original file: evalplan/v2/wizard.proto

import type { WizardRef as _evalplan_v2_WizardRef, WizardRef__Output as _evalplan_v2_WizardRef__Output } from '../../evalplan/v2/WizardRef';
import type { RecommendationQuery as _evalplan_v2_RecommendationQuery, RecommendationQuery__Output as _evalplan_v2_RecommendationQuery__Output } from '../../evalplan/v2/RecommendationQuery';

export interface RecommendationsRequest {
  'wizard'?: (_evalplan_v2_WizardRef | null);
  'query'?: (_evalplan_v2_RecommendationQuery | null);
}

export interface RecommendationsRequest__Output {
  'wizard': (_evalplan_v2_WizardRef__Output | null);
  'query': (_evalplan_v2_RecommendationQuery__Output | null);
}
