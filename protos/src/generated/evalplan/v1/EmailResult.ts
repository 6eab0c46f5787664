// Original file: evalplan/v1/pdf.proto

import type { MailNotSentReason as _evalplan_v1_MailNotSentReason, MailNotSentReason__Output as _evalplan_v1_MailNotSentReason__Output } from '../../evalplan/v1/MailNotSentReason';

export interface EmailResult {
  'requested'?: (boolean);
  'to'?: (string);
  'provider'?: (string);
  'sent'?: (boolean);
  'messageId'?: (string);
  'reason'?: (_evalplan_v1_MailNotSentReason | null);
}

export interface EmailResult__Output {
  'requested': (boolean);
  'to': (string);
  'provider': (string);
  'sent': (boolean);
  'messageId': (string);
  'reason': (_evalplan_v1_MailNotSentReason__Output | null);
}
