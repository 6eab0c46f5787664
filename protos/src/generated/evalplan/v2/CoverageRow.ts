// Original file: evalplan/v2/pdf.proto


export interface CoverageRow {
  'goal'?: (string);
  'measuredBy'?: (boolean)[];
  'covered'?: (boolean);
  'suggestions'?: (string)[];
}

export interface CoverageRow__Output {
  'goal': (string);
  'measuredBy': (boolean)[];
  'covered': (boolean);
  'suggestions': (string)[];
}
