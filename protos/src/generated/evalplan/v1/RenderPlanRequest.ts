// Original file: evalplan/v1/pdf.proto

import type { PlanDocument as _evalplan_v1_PlanDocument, PlanDocument__Output as _evalplan_v1_PlanDocument__Output } from '../../evalplan/v1/PlanDocument';
import type { MailNotSentReason as _evalplan_v1_MailNotSentReason, MailNotSentReason__Output as _evalplan_v1_MailNotSentReason__Output } from '../../evalplan/v1/MailNotSentReason';

export interface RenderPlanRequest {
  'owner'?: (string);
  'id'?: (string);
  'document'?: (_evalplan_v1_PlanDocument | null);
  'bodyJson'?: (string);
  'recordedPdfUrl'?: (string);
  'withholdMail'?: (_evalplan_v1_MailNotSentReason | null);
}

export interface RenderPlanRequest__Output {
  'owner': (string);
  'id': (string);
  'document': (_evalplan_v1_PlanDocument__Output | null);
  'bodyJson': (string);
  'recordedPdfUrl': (string);
  'withholdMail': (_evalplan_v1_MailNotSentReason__Output | null);
}
