// Original file: evalplan/v2/pdf.proto

import type { TextRun as _evalplan_v2_TextRun, TextRun__Output as _evalplan_v2_TextRun__Output } from '../../evalplan/v2/TextRun';

export interface Reference {
  'key'?: (string);
  'citation'?: (string);
  'text'?: (string);
  'runs'?: (_evalplan_v2_TextRun)[];
  'doiUrl'?: (string);
}

export interface Reference__Output {
  'key': (string);
  'citation': (string);
  'text': (string);
  'runs': (_evalplan_v2_TextRun__Output)[];
  'doiUrl': (string);
}
