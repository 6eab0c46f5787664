// Original file: evalplan/v1/pdf.proto


export interface DeletePdfsRequest {
  'owner'?: (string);
  'id'?: (string);
  'pdfUrl'?: (string);
}

export interface DeletePdfsRequest__Output {
  'owner': (string);
  'id': (string);
  'pdfUrl': (string);
}
