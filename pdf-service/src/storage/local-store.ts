import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ListedObject, PdfStore, StoredPdf } from './pdf-store';

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/** Keys are files ending in .pdf: a write in progress (.tmp) is not a PDF yet. */
const isPdfFile = (entry: { name: string; isFile(): boolean }): boolean => entry.isFile() && entry.name.endsWith('.pdf');
const isTemporaryFile = (entry: { name: string; isFile(): boolean }): boolean => entry.isFile() && entry.name.endsWith('.tmp');

/** A temporary file this old is no write in progress (a write takes milliseconds) but one a crash left. */
const STALE_TEMPORARY_MS = 10 * 60_000;
/** How long the pages after a folder listing's first reuse what it read (one orphan sweep's worth). */
const FOLDER_LISTING_REUSE_MS = 60_000;

/** Folders in key order, as S3 lists them: "<name>/" compared by code unit (byte order for ASCII names). */
const folderOrder = (name: string): string => `${name}/`;

/**
 * PDFs in a directory (DATA_DIR/files when no S3 is configured). Keys come
 * from keys.ts only, and are resolved and checked to stay inside the root
 * anyway. Writes go to a temporary file first and are renamed into place,
 * so a reader never sees half a PDF. A folder emptied by a delete is removed,
 * as an S3 "folder" disappears with its last object.
 */
export class LocalPdfStore implements PdfStore {
  readonly kind = 'local';
  /** The last folder listing of each parent folder, for listFolders' later pages. */
  private readonly folderListings = new Map<string, { names: string[]; readAtMs: number }>();

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error('key outside the store');
    return resolved;
  }

  private folderPathOf(prefix: string): string {
    if (!prefix.endsWith('/')) throw new Error('prefix must name a folder');
    return this.pathOf(prefix);
  }

  async put(key: string, pdf: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(temporary, pdf, { mode: 0o640 }).catch(async (error: unknown) => {
        // A delete emptied and removed the folder between mkdir and the write: make it again, once.
        if (errorCode(error) !== 'ENOENT') throw error;
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(temporary, pdf, { mode: 0o640 });
      });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** The stored PDF, or undefined when there is none under this key. */
  async get(key: string): Promise<StoredPdf | undefined> {
    const file = this.pathOf(key);
    try {
      // Opened first, then described: a delete in between cannot cut a download that already started.
      const handle = await open(file, 'r');
      // Until a stream owns the handle, every way out closes it (a handle left to the garbage collector is a leak).
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return undefined;
      }
      return { size: info.size, lastModified: info.mtime, body: handle.createReadStream() };
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    try {
      await rm(file);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return false;
      throw error;
    }
    await this.removeIfEmpty(path.dirname(file));
    return true;
  }

  async deleteKeys(keys: string[]): Promise<void> {
    const files = keys.map((key) => this.pathOf(key));
    await Promise.all(files.map((file) => rm(file, { force: true })));
    for (const folder of new Set(files.map((file) => path.dirname(file)))) await this.removeIfEmpty(folder);
  }

  /**
   * Deletes every PDF under a prefix ending in "/" (a project's or session's
   * folder), file by file: a render writing its temporary file into the folder
   * at the same moment keeps it (a recursive remove would fail with ENOTEMPTY,
   * or pull the file from under the render), and its owner discards the PDF
   * when it finds the row gone. Stale temporary files go too (removeIfEmpty).
   */
  async deletePrefix(prefix: string): Promise<number> {
    const pdfs = await this.list(prefix);
    await this.deleteKeys(pdfs.map((pdf) => pdf.key));
    // Also when it held no PDF: a folder with only a crash's temporary files goes too.
    await this.removeIfEmpty(this.folderPathOf(prefix));
    return pdfs.length;
  }

  async list(prefix: string): Promise<ListedObject[]> {
    const folder = this.folderPathOf(prefix);
    const names = (await this.entriesOf(folder)).filter(isPdfFile).map((entry) => entry.name);
    const listed = await Promise.all(
      names.map(async (name) => {
        try {
          return { key: `${prefix}${name}`, size: (await stat(path.join(folder, name))).size };
        } catch (error) {
          // Deleted since the directory was read: not there any more.
          if (errorCode(error) === 'ENOENT') return undefined;
          throw error;
        }
      }),
    );
    return listed.filter((object) => object !== undefined);
  }

  async listFolders(prefix: string, after: string, limit: number): Promise<string[]> {
    const parent = this.folderPathOf(prefix);
    const names = await this.foldersIn(parent, after === '');
    // The first folder after `after`, by binary search in the sorted names.
    const afterOrder = folderOrder(after);
    let low = 0;
    for (let high = names.length; low < high;) {
      const middle = (low + high) >>> 1;
      if (folderOrder(names[middle]!) <= afterOrder) low = middle + 1;
      else high = middle;
    }
    const folders: string[] = [];
    for (const name of names.slice(after === '' ? 0 : low)) {
      if (folders.length === limit) break;
      // A folder whose last PDF is being deleted, or whose first is still being written, holds none.
      if ((await this.entriesOf(path.join(parent, name))).some(isPdfFile)) folders.push(name);
    }
    return folders;
  }

  /**
   * The folder names under `parent`, sorted. A first page reads the
   * directory; the pages after it reuse that read for a while, so paging
   * through N folders reads the directory once rather than N/limit times.
   * A folder made meanwhile waits for the next sweep; one removed meanwhile
   * holds no PDF and is skipped.
   */
  private async foldersIn(parent: string, fresh: boolean): Promise<string[]> {
    const cached = this.folderListings.get(parent);
    if (!fresh && cached && Date.now() - cached.readAtMs < FOLDER_LISTING_REUSE_MS) return cached.names;
    const names = (await this.entriesOf(parent))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort((a, b) => (folderOrder(a) < folderOrder(b) ? -1 : folderOrder(a) > folderOrder(b) ? 1 : 0));
    this.folderListings.set(parent, { names, readAtMs: Date.now() });
    return names;
  }

  /** A directory's entries; none when it does not exist. */
  private async entriesOf(directory: string) {
    try {
      return await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return [];
      throw error;
    }
  }

  /**
   * Removes a folder a delete emptied; one that is not empty (a write came
   * meanwhile) stays. Temporary files a crash left behind (older than any
   * write in progress) go first, or they would keep the folder forever.
   */
  private async removeIfEmpty(folder: string): Promise<void> {
    if ((await this.tryRemoveFolder(folder)) === 'not-empty' && (await this.removeStaleTemporaries(folder)) > 0) {
      await this.tryRemoveFolder(folder);
    }
  }

  private async tryRemoveFolder(folder: string): Promise<'removed' | 'not-empty'> {
    try {
      await rmdir(folder);
      return 'removed';
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return 'removed';
      if (['ENOTEMPTY', 'EEXIST'].includes(errorCode(error) ?? '')) return 'not-empty';
      throw error;
    }
  }

  /** Deletes the folder's temporary files older than STALE_TEMPORARY_MS; answers how many went. */
  private async removeStaleTemporaries(folder: string): Promise<number> {
    const staleBefore = Date.now() - STALE_TEMPORARY_MS;
    const removed = await Promise.all(
      (await this.entriesOf(folder)).filter(isTemporaryFile).map(async (entry) => {
        const file = path.join(folder, entry.name);
        try {
          if ((await stat(file)).mtimeMs >= staleBefore) return false;
          await rm(file, { force: true });
          return true;
        } catch (error) {
          // Renamed into place (or removed) since the directory was read.
          if (errorCode(error) === 'ENOENT') return false;
          throw error;
        }
      }),
    );
    return removed.filter(Boolean).length;
  }
}
