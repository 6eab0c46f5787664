// Original file: evalplan/v1/pdf.proto


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
