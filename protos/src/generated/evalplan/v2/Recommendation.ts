// Original file: evalplan/v2/wizard.proto

import type { MatchedOn as _evalplan_v2_MatchedOn, MatchedOn__Output as _evalplan_v2_MatchedOn__Output } from '../../evalplan/v2/MatchedOn';

export interface Recommendation {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'priority'?: (string);
  'rationale'?: (string);
  'tags'?: (string)[];
  'icon'?: (string);
  'matchedOn'?: (_evalplan_v2_MatchedOn)[];
}

export interface Recommendation__Output {
  'id': (string);
  'name': (string);
  'description': (string);
  'priority': (string);
  'rationale': (string);
  'tags': (string)[];
  'icon': (string);
  'matchedOn': (_evalplan_v2_MatchedOn__Output)[];
}
