// Original file: evalplan/v2/wizard.proto

import type { Project as _evalplan_v2_Project, Project__Output as _evalplan_v2_Project__Output } from '../../evalplan/v2/Project';
import type { StoredPdf as _evalplan_v2_StoredPdf, StoredPdf__Output as _evalplan_v2_StoredPdf__Output } from '../../evalplan/v2/StoredPdf';

export interface ExportedProject {
  'project'?: (_evalplan_v2_Project | null);
  'pdfs'?: (_evalplan_v2_StoredPdf)[];
}

export interface ExportedProject__Output {
  'project': (_evalplan_v2_Project__Output | null);
  'pdfs': (_evalplan_v2_StoredPdf__Output)[];
}
