// Original file: evalplan/v2/pdf.proto


export interface CustomConstruct {
  'name'?: (string);
  'description'?: (string);
  'goals'?: (string)[];
}

export interface CustomConstruct__Output {
  'name': (string);
  'description': (string);
  'goals': (string)[];
}
