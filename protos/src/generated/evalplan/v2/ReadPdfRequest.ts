// Original file: evalplan/v2/pdf.proto


export interface ReadPdfRequest {
  'key'?: (string);
  'pdfUrl'?: (string);
}

export interface ReadPdfRequest__Output {
  'key': (string);
  'pdfUrl': (string);
}
