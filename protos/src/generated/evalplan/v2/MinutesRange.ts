// Original file: evalplan/v2/pdf.proto


export interface MinutesRange {
  'low'?: (number | string);
  'high'?: (number | string);
  'estimate'?: (boolean);
  'note'?: (string);
}

export interface MinutesRange__Output {
  'low': (number);
  'high': (number);
  'estimate': (boolean);
  'note': (string);
}
