// Original file: evalplan/v2/wizard.proto

import type { WizardRef as _evalplan_v2_WizardRef, WizardRef__Output as _evalplan_v2_WizardRef__Output } from '../../evalplan/v2/WizardRef';
import type { MailNotSentReason as _evalplan_v2_MailNotSentReason, MailNotSentReason__Output as _evalplan_v2_MailNotSentReason__Output } from '../../evalplan/v2/MailNotSentReason';
import type { PdfOptions as _evalplan_v2_PdfOptions, PdfOptions__Output as _evalplan_v2_PdfOptions__Output } from '../../evalplan/v2/PdfOptions';

export interface GeneratePdfRequest {
  'wizard'?: (_evalplan_v2_WizardRef | null);
  'withholdMail'?: (_evalplan_v2_MailNotSentReason | null);
  'options'?: (_evalplan_v2_PdfOptions | null);
}

export interface GeneratePdfRequest__Output {
  'wizard': (_evalplan_v2_WizardRef__Output | null);
  'withholdMail': (_evalplan_v2_MailNotSentReason__Output | null);
  'options': (_evalplan_v2_PdfOptions__Output | null);
}
