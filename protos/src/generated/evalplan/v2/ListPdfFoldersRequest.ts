// Original file: evalplan/v2/pdf.proto


export interface ListPdfFoldersRequest {
  'owner'?: (string);
  'after'?: (string);
  'limit'?: (number);
}

export interface ListPdfFoldersRequest__Output {
  'owner': (string);
  'after': (string);
  'limit': (number);
}
