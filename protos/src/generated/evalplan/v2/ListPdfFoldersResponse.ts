// Original file: evalplan/v2/pdf.proto


export interface ListPdfFoldersResponse {
  'ids'?: (string)[];
  'nextAfter'?: (string);
}

export interface ListPdfFoldersResponse__Output {
  'ids': (string)[];
  'nextAfter': (string);
}
