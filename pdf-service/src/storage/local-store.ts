import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PdfStore, StoredPdf } from './pdf-store';

/**
 * PDFs in a directory (DATA_DIR/files when no S3 is configured). Keys come
 * from keys.ts only, and are resolved and checked to stay inside the root
 * anyway. Writes go to a temporary file first and are renamed into place,
 * so a reader never sees half a PDF.
 */
export class LocalPdfStore implements PdfStore {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error('key outside the store');
    return resolved;
  }

  async put(key: string, pdf: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, pdf, { mode: 0o640 });
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
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Deletes every PDF under a prefix ending in "/" (a project's or session's folder). */
  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new Error('prefix must name a folder');
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<string[]> {
    if (!prefix.endsWith('/')) throw new Error('prefix must name a folder');
    try {
      const entries = await readdir(this.pathOf(prefix), { withFileTypes: true });
      // A write in progress (.tmp) is not a PDF yet.
      return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.pdf')).map((entry) => `${prefix}${entry.name}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}
