// Original file: evalplan/v2/pdf.proto

import type { PdfOptions as _evalplan_v2_PdfOptions, PdfOptions__Output as _evalplan_v2_PdfOptions__Output } from '../../evalplan/v2/PdfOptions';

export interface CheckRenderRequest {
  'options'?: (_evalplan_v2_PdfOptions | null);
}

export interface CheckRenderRequest__Output {
  'options': (_evalplan_v2_PdfOptions__Output | null);
}
