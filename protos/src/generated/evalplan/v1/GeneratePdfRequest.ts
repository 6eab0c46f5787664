// Original file: evalplan/v1/wizard.proto

import type { WizardRef as _evalplan_v1_WizardRef, WizardRef__Output as _evalplan_v1_WizardRef__Output } from '../../evalplan/v1/WizardRef';
import type { MailNotSentReason as _evalplan_v1_MailNotSentReason, MailNotSentReason__Output as _evalplan_v1_MailNotSentReason__Output } from '../../evalplan/v1/MailNotSentReason';

export interface GeneratePdfRequest {
  'wizard'?: (_evalplan_v1_WizardRef | null);
  'bodyJson'?: (string);
  'withholdMail'?: (_evalplan_v1_MailNotSentReason | null);
}

export interface GeneratePdfRequest__Output {
  'wizard': (_evalplan_v1_WizardRef__Output | null);
  'bodyJson': (string);
  'withholdMail': (_evalplan_v1_MailNotSentReason__Output | null);
}
