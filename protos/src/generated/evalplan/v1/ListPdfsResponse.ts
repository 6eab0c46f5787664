// Original file: evalplan/v1/pdf.proto

import type { StoredPdf as _evalplan_v1_StoredPdf, StoredPdf__Output as _evalplan_v1_StoredPdf__Output } from '../../evalplan/v1/StoredPdf';

export interface ListPdfsResponse {
  'pdfs'?: (_evalplan_v1_StoredPdf)[];
}

export interface ListPdfsResponse__Output {
  'pdfs': (_evalplan_v1_StoredPdf__Output)[];
}
