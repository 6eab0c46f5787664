// Original file: evalplan/v2/pdf.proto


export interface TextRun {
  'text'?: (string);
  'italic'?: (boolean);
}

export interface TextRun__Output {
  'text': (string);
  'italic': (boolean);
}
