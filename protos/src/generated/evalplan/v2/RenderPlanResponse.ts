// Original file: evalplan/v2/pdf.proto

import type { EmailResult as _evalplan_v2_EmailResult, EmailResult__Output as _evalplan_v2_EmailResult__Output } from '../../evalplan/v2/EmailResult';

export interface RenderPlanResponse {
  'pdfUrl'?: (string);
  'email'?: (_evalplan_v2_EmailResult | null);
}

export interface RenderPlanResponse__Output {
  'pdfUrl': (string);
  'email': (_evalplan_v2_EmailResult__Output | null);
}
