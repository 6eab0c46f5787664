// Original file: evalplan/v2/pdf.proto

import type { PdfTemplate as _evalplan_v2_PdfTemplate, PdfTemplate__Output as _evalplan_v2_PdfTemplate__Output } from '../../evalplan/v2/PdfTemplate';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface PdfOptions {
  'notifyEmail'?: (string);
  'template'?: (_evalplan_v2_PdfTemplate | null);
  'extra'?: (_google_protobuf_Struct | null);
  '_notifyEmail'?: "notifyEmail";
}

export interface PdfOptions__Output {
  'notifyEmail'?: (string);
  'template': (_evalplan_v2_PdfTemplate__Output | null);
  'extra': (_google_protobuf_Struct__Output | null);
  '_notifyEmail'?: "notifyEmail";
}
