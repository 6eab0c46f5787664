// Original file: evalplan/v2/wizard.proto


export interface MatchedOn {
  'kind'?: (string);
  'value'?: (string);
}

export interface MatchedOn__Output {
  'kind': (string);
  'value': (string);
}
