// Original file: evalplan/v1/wizard.proto

import type { Project as _evalplan_v1_Project, Project__Output as _evalplan_v1_Project__Output } from '../../evalplan/v1/Project';
import type { StoredPdf as _evalplan_v1_StoredPdf, StoredPdf__Output as _evalplan_v1_StoredPdf__Output } from '../../evalplan/v1/StoredPdf';

export interface ExportedProject {
  'project'?: (_evalplan_v1_Project | null);
  'pdfs'?: (_evalplan_v1_StoredPdf)[];
}

export interface ExportedProject__Output {
  'project': (_evalplan_v1_Project__Output | null);
  'pdfs': (_evalplan_v1_StoredPdf__Output)[];
}
