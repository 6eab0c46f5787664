// Original file: evalplan/v2/pdf.proto

import type { StoredPdf as _evalplan_v2_StoredPdf, StoredPdf__Output as _evalplan_v2_StoredPdf__Output } from '../../evalplan/v2/StoredPdf';

export interface ListPdfsResponse {
  'pdfs'?: (_evalplan_v2_StoredPdf)[];
}

export interface ListPdfsResponse__Output {
  'pdfs': (_evalplan_v2_StoredPdf__Output)[];
}
