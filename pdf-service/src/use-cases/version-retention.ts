import { ownerPrefix, type PdfOwner, renderedNanosOf } from '../storage/keys';
import type { PdfStore } from '../storage/pdf-store';

/** What pruning must keep besides the newest versions. */
export interface Retention {
  /** PDF_KEEP_VERSIONS: the newest files an owner keeps. */
  keep: number;
  /** The file this render just stored. */
  justWritten: string;
  /** The key of the file the owner has recorded (its pdf_url), if any. */
  recorded: string | undefined;
  /**
   * Files rendered after this (Unix ms) stay: their renders may still be
   * recorded by their callers (a render's whole deadline).
   */
  keepRenderedAfterMs: number;
}

/**
 * Deletes an owner's PDFs beyond the newest `keep` (by render time, the file
 * name) and answers how many went. Never deleted, however many newer files
 * exist: the one just written, the one the owner has recorded (the newer ones
 * may never be recorded, e.g. when their callers left or a step was saved
 * meanwhile), and any young enough that a concurrent render may still record
 * it. So a render never deletes a file its owner points at or is about to.
 */
export async function pruneOldVersions(store: PdfStore, owner: PdfOwner, id: string, retention: Retention): Promise<number> {
  const { keep, justWritten, recorded, keepRenderedAfterMs } = retention;
  const renderedAfter = BigInt(keepRenderedAfterMs) * 1_000_000n;
  const versions = (await store.list(ownerPrefix(owner, id)))
    .flatMap(({ key }) => {
      const nanos = renderedNanosOf(key);
      return nanos === undefined ? [] : [{ key, nanos }];
    })
    .sort((a, b) => (a.nanos > b.nanos ? -1 : a.nanos < b.nanos ? 1 : 0));
  const beyond = versions
    .slice(keep)
    .filter(({ key, nanos }) => key !== justWritten && key !== recorded && nanos <= renderedAfter)
    .map(({ key }) => key);
  await store.deleteKeys(beyond);
  return beyond.length;
}
