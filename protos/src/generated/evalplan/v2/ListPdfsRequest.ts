// Original file: evalplan/v2/pdf.proto


export interface ListPdfsRequest {
  'owner'?: (string);
  'id'?: (string);
  'pdfUrl'?: (string);
  'originSessionId'?: (string);
}

export interface ListPdfsRequest__Output {
  'owner': (string);
  'id': (string);
  'pdfUrl': (string);
  'originSessionId': (string);
}
