// Original file: evalplan/v2/wizard.proto

import type { StoredPdf as _evalplan_v2_StoredPdf, StoredPdf__Output as _evalplan_v2_StoredPdf__Output } from '../../evalplan/v2/StoredPdf';

export interface ListProjectPdfsResponse {
  'pdfs'?: (_evalplan_v2_StoredPdf)[];
}

export interface ListProjectPdfsResponse__Output {
  'pdfs': (_evalplan_v2_StoredPdf__Output)[];
}
