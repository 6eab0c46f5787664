import type { Readable } from 'node:stream';

/** A stored PDF as read back: its size, when it was written, and its bytes as a stream. */
export interface StoredPdf {
  size: number;
  lastModified: Date;
  body: Readable;
}

/** Where PDFs live: keys come from keys.ts only. */
export interface PdfStore {
  readonly kind: 's3' | 'local';
  put(key: string, pdf: Buffer): Promise<void>;
  /** undefined when nothing is stored under the key. */
  get(key: string): Promise<StoredPdf | undefined>;
  /** Removes one object; nothing happens when it is not there. */
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** The keys stored under a prefix ending in "/" (a project's or session's folder), in no particular order. */
  list(prefix: string): Promise<string[]>;
}
