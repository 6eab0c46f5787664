import type { Readable } from 'node:stream';

/** A stored PDF as read back: its size, when it was written, and its bytes as a stream. */
export interface StoredPdf {
  size: number;
  lastModified: Date;
  body: Readable;
}

/** One object as a listing names it. */
export interface ListedObject {
  key: string;
  /** Bytes. */
  size: number;
}

/** Where PDFs live: keys come from keys.ts only. */
export interface PdfStore {
  readonly kind: 's3' | 'local';
  put(key: string, pdf: Buffer): Promise<void>;
  /** undefined when nothing is stored under the key. */
  get(key: string): Promise<StoredPdf | undefined>;
  /** Removes one object: true when there was one, false when nothing was stored under the key. */
  delete(key: string): Promise<boolean>;
  /** Removes these objects (missing ones are no error). */
  deleteKeys(keys: string[]): Promise<void>;
  /** Removes everything under a prefix ending in "/" (a project's or session's folder); answers how many PDFs went. */
  deletePrefix(prefix: string): Promise<number>;
  /** The PDFs stored under a prefix ending in "/" (a project's or session's folder), with their sizes, in no particular order. */
  list(prefix: string): Promise<ListedObject[]>;
  /**
   * The names of the folders directly under `prefix` (ending in "/") that
   * hold at least one object, in key order ("<name>/" by byte), after the
   * folder `after` ("" for the first; any name a listing answered), at most
   * `limit` of them.
   */
  listFolders(prefix: string, after: string, limit: number): Promise<string[]>;
}
