// Original file: evalplan/v2/pdf.proto


export interface ItemCount {
  'version'?: (string);
  'count'?: (number);
  'detail'?: (string);
}

export interface ItemCount__Output {
  'version': (string);
  'count': (number);
  'detail': (string);
}
