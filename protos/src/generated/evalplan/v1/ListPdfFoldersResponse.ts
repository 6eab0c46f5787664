// Original file: evalplan/v1/pdf.proto


export interface ListPdfFoldersResponse {
  'ids'?: (string)[];
  'nextAfter'?: (string);
}

export interface ListPdfFoldersResponse__Output {
  'ids': (string)[];
  'nextAfter': (string);
}
