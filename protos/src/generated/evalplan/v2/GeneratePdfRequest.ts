// Original file: evalplan/v2/wizard.proto

import type { WizardRef as _evalplan_v2_WizardRef, WizardRef__Output as _evalplan_v2_WizardRef__Output } from '../../evalplan/v2/WizardRef';
import type { MailNotSentReason as _evalplan_v2_MailNotSentReason, MailNotSentReason__Output as _evalplan_v2_MailNotSentReason__Output } from '../../evalplan/v2/MailNotSentReason';

export interface GeneratePdfRequest {
  'wizard'?: (_evalplan_v2_WizardRef | null);
  'bodyJson'?: (string);
  'withholdMail'?: (_evalplan_v2_MailNotSentReason | null);
}

export interface GeneratePdfRequest__Output {
  'wizard': (_evalplan_v2_WizardRef__Output | null);
  'bodyJson': (string);
  'withholdMail': (_evalplan_v2_MailNotSentReason__Output | null);
}
