// Original file: evalplan/v2/wizard.proto

import type { EmailResult as _evalplan_v2_EmailResult, EmailResult__Output as _evalplan_v2_EmailResult__Output } from '../../evalplan/v2/EmailResult';

export interface GeneratePdfResponse {
  'pdfUrl'?: (string);
  'email'?: (_evalplan_v2_EmailResult | null);
}

export interface GeneratePdfResponse__Output {
  'pdfUrl': (string);
  'email': (_evalplan_v2_EmailResult__Output | null);
}
