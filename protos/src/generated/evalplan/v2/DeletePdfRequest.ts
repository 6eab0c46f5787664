// Original file: evalplan/v2/pdf.proto


export interface DeletePdfRequest {
  'pdfUrl'?: (string);
}

export interface DeletePdfRequest__Output {
  'pdfUrl': (string);
}
