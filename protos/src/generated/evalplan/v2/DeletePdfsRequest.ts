// Original file: evalplan/v2/pdf.proto

import type { Long } from '@grpc/proto-loader';

export interface DeletePdfsRequest {
  'owner'?: (string);
  'id'?: (string);
  'pdfUrl'?: (string);
  'originSessionId'?: (string);
  'renderedBeforeMs'?: (number | string | Long);
  'reason'?: (string);
}

export interface DeletePdfsRequest__Output {
  'owner': (string);
  'id': (string);
  'pdfUrl': (string);
  'originSessionId': (string);
  'renderedBeforeMs': (number);
  'reason': (string);
}
