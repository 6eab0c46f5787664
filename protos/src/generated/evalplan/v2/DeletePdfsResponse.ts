// Original file: evalplan/v2/pdf.proto

import type { Long } from '@grpc/proto-loader';

export interface DeletePdfsResponse {
  'deleted'?: (number | string | Long);
}

export interface DeletePdfsResponse__Output {
  'deleted': (number);
}
