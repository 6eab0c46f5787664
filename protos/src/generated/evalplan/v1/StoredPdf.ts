// Original file: evalplan/v1/pdf.proto


export interface StoredPdf {
  'pdfUrl'?: (string);
  'createdAt'?: (string);
}

export interface StoredPdf__Output {
  'pdfUrl': (string);
  'createdAt': (string);
}
