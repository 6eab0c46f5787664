// Original file: evalplan/v1/pdf.proto

import type { PlanDocument as _evalplan_v1_PlanDocument, PlanDocument__Output as _evalplan_v1_PlanDocument__Output } from '../../evalplan/v1/PlanDocument';

export interface RenderPlanRequest {
  'owner'?: (string);
  'id'?: (string);
  'document'?: (_evalplan_v1_PlanDocument | null);
  'bodyJson'?: (string);
  'recordedPdfUrl'?: (string);
}

export interface RenderPlanRequest__Output {
  'owner': (string);
  'id': (string);
  'document': (_evalplan_v1_PlanDocument__Output | null);
  'bodyJson': (string);
  'recordedPdfUrl': (string);
}
