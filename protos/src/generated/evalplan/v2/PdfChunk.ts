// Original file: evalplan/v2/pdf.proto

import type { Long } from '@grpc/proto-loader';

export interface PdfChunk {
  'size'?: (number | string | Long);
  'fileName'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'etag'?: (string);
  'lastModified'?: (string);
}

export interface PdfChunk__Output {
  'size': (number);
  'fileName': (string);
  'data': (Buffer);
  'etag': (string);
  'lastModified': (string);
}
