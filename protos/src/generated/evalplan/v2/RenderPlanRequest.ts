// Original file: evalplan/v2/pdf.proto

import type { PlanDocument as _evalplan_v2_PlanDocument, PlanDocument__Output as _evalplan_v2_PlanDocument__Output } from '../../evalplan/v2/PlanDocument';
import type { MailNotSentReason as _evalplan_v2_MailNotSentReason, MailNotSentReason__Output as _evalplan_v2_MailNotSentReason__Output } from '../../evalplan/v2/MailNotSentReason';
import type { PdfOptions as _evalplan_v2_PdfOptions, PdfOptions__Output as _evalplan_v2_PdfOptions__Output } from '../../evalplan/v2/PdfOptions';

export interface RenderPlanRequest {
  'owner'?: (string);
  'id'?: (string);
  'document'?: (_evalplan_v2_PlanDocument | null);
  'recordedPdfUrl'?: (string);
  'withholdMail'?: (_evalplan_v2_MailNotSentReason | null);
  'options'?: (_evalplan_v2_PdfOptions | null);
}

export interface RenderPlanRequest__Output {
  'owner': (string);
  'id': (string);
  'document': (_evalplan_v2_PlanDocument__Output | null);
  'recordedPdfUrl': (string);
  'withholdMail': (_evalplan_v2_MailNotSentReason__Output | null);
  'options': (_evalplan_v2_PdfOptions__Output | null);
}
