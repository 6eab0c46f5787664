// Original file: evalplan/v2/pdf.proto

import type { Long } from '@grpc/proto-loader';

export interface StoredPdf {
  'pdfUrl'?: (string);
  'createdAt'?: (string);
  'size'?: (number | string | Long);
}

export interface StoredPdf__Output {
  'pdfUrl': (string);
  'createdAt': (string);
  'size': (number);
}
