import { ownerPrefix, type PdfOwner, renderedNanosOf } from '../storage/keys';
import type { PdfStore } from '../storage/pdf-store';

/**
 * Deletes an owner's PDFs beyond the newest `keep` (by render time, the
 * file name), never the one just written, and answers how many went. A
 * render can delete a concurrent render's file of the same owner only when
 * `keep` newer files exist already, which with a few versions kept does not
 * happen in practice.
 */
export async function pruneOldVersions(store: PdfStore, owner: PdfOwner, id: string, keep: number, justWritten: string): Promise<number> {
  const versions = (await store.list(ownerPrefix(owner, id)))
    .flatMap(({ key }) => {
      const nanos = renderedNanosOf(key);
      return nanos === undefined ? [] : [{ key, nanos }];
    })
    .sort((a, b) => (a.nanos > b.nanos ? -1 : a.nanos < b.nanos ? 1 : 0));
  const beyond = versions
    .slice(keep)
    .map(({ key }) => key)
    .filter((key) => key !== justWritten);
  await store.deleteKeys(beyond);
  return beyond.length;
}
