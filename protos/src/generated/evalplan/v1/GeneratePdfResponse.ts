// Original file: evalplan/v1/wizard.proto

import type { EmailResult as _evalplan_v1_EmailResult, EmailResult__Output as _evalplan_v1_EmailResult__Output } from '../../evalplan/v1/EmailResult';

export interface GeneratePdfResponse {
  'pdfUrl'?: (string);
  'email'?: (_evalplan_v1_EmailResult | null);
}

export interface GeneratePdfResponse__Output {
  'pdfUrl': (string);
  'email': (_evalplan_v1_EmailResult__Output | null);
}
