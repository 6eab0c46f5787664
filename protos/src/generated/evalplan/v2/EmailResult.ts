// Original file: evalplan/v2/pdf.proto

import type { MailNotSentReason as _evalplan_v2_MailNotSentReason, MailNotSentReason__Output as _evalplan_v2_MailNotSentReason__Output } from '../../evalplan/v2/MailNotSentReason';

export interface EmailResult {
  'requested'?: (boolean);
  'to'?: (string);
  'provider'?: (string);
  'sent'?: (boolean);
  'messageId'?: (string);
  'reason'?: (_evalplan_v2_MailNotSentReason | null);
}

export interface EmailResult__Output {
  'requested': (boolean);
  'to': (string);
  'provider': (string);
  'sent': (boolean);
  'messageId': (string);
  'reason': (_evalplan_v2_MailNotSentReason__Output | null);
}
