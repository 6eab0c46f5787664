// Original file: evalplan/v1/pdf.proto


export interface EmailResult {
  'requested'?: (boolean);
  'to'?: (string);
  'provider'?: (string);
  'sent'?: (boolean);
  'messageId'?: (string);
}

export interface EmailResult__Output {
  'requested': (boolean);
  'to': (string);
  'provider': (string);
  'sent': (boolean);
  'messageId': (string);
}
