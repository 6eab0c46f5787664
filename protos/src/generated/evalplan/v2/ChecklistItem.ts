// Original file: evalplan/v2/pdf.proto


export interface ChecklistItem {
  'topic'?: (string);
  'question'?: (string);
}

export interface ChecklistItem__Output {
  'topic': (string);
  'question': (string);
}
