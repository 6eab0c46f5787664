import path from 'node:path';
import type { Config } from '@evalplan/common';
import { LocalPdfStore, type StoredPdf } from './local-store';
import { S3PdfStore } from './s3-store';

/** Where PDFs live: keys come from keys.ts only. */
export interface PdfStore {
  readonly kind: 's3' | 'local';
  put(key: string, pdf: Buffer): Promise<void>;
  /** undefined when nothing is stored under the key. */
  get(key: string): Promise<StoredPdf | undefined>;
  /** Removes one object; nothing happens when it is not there. */
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
}

/** S3 (MinIO) when S3_* is configured, otherwise a directory under DATA_DIR (DESIGN.md decision 2). */
export function createPdfStore(config: Config): PdfStore {
  if (config.s3) return new S3PdfStore(config.s3);
  return new LocalPdfStore(path.join(config.dataDir, 'files'));
}
