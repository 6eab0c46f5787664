// Original file: evalplan/v2/pdf.proto

import type { PlanDocument as _evalplan_v2_PlanDocument, PlanDocument__Output as _evalplan_v2_PlanDocument__Output } from '../../evalplan/v2/PlanDocument';

export interface ExportPlanRequest {
  'document'?: (_evalplan_v2_PlanDocument | null);
  'format'?: (string);
  'timeZone'?: (string);
}

export interface ExportPlanRequest__Output {
  'document': (_evalplan_v2_PlanDocument__Output | null);
  'format': (string);
  'timeZone': (string);
}
