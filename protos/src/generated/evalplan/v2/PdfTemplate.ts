// Original file: evalplan/v2/pdf.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface PdfTemplate {
  'html'?: (string);
  'css'?: (string);
  'timeZone'?: (string);
  'extra'?: (_google_protobuf_Struct | null);
  '_html'?: "html";
  '_css'?: "css";
  '_timeZone'?: "timeZone";
}

export interface PdfTemplate__Output {
  'html'?: (string);
  'css'?: (string);
  'timeZone'?: (string);
  'extra': (_google_protobuf_Struct__Output | null);
  '_html'?: "html";
  '_css'?: "css";
  '_timeZone'?: "timeZone";
}
