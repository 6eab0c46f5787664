// Original file: evalplan/v2/pdf.proto


export interface MailNotSentReason {
  'code'?: (string);
  'message'?: (string);
  'retryAfterSeconds'?: (number);
}

export interface MailNotSentReason__Output {
  'code': (string);
  'message': (string);
  'retryAfterSeconds': (number);
}
