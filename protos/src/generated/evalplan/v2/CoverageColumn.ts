// Original file: evalplan/v2/pdf.proto


export interface CoverageColumn {
  'kind'?: (string);
  'id'?: (string);
  'name'?: (string);
}

export interface CoverageColumn__Output {
  'kind': (string);
  'id': (string);
  'name': (string);
}
