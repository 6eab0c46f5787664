// Original file: evalplan/v1/pdf.proto


export interface DeletePdfRequest {
  'pdfUrl'?: (string);
}

export interface DeletePdfRequest__Output {
  'pdfUrl': (string);
}
