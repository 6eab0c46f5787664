// Original file: evalplan/v2/wizard.proto


export interface RecommendationsResponse {
  'forStep'?: (number);
  'recommendationsJson'?: (string);
}

export interface RecommendationsResponse__Output {
  'forStep': (number);
  'recommendationsJson': (string);
}
