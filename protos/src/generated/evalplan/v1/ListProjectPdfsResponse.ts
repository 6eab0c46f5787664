// Original file: evalplan/v1/wizard.proto

import type { StoredPdf as _evalplan_v1_StoredPdf, StoredPdf__Output as _evalplan_v1_StoredPdf__Output } from '../../evalplan/v1/StoredPdf';

export interface ListProjectPdfsResponse {
  'pdfs'?: (_evalplan_v1_StoredPdf)[];
}

export interface ListProjectPdfsResponse__Output {
  'pdfs': (_evalplan_v1_StoredPdf__Output)[];
}
