import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { ownerPrefix, pdfKey } from './keys';
import { LocalPdfStore } from './local-store';

const ID = '0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';

describe('LocalPdfStore', () => {
  let root: string;
  let store: LocalPdfStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'pdf-store-'));
    store = new LocalPdfStore(root);
  });

  it('stores, reads back with size and time, and leaves no temporary files', async () => {
    const key = pdfKey('projects', ID, 1n);
    await store.put(key, Buffer.from('%PDF-1.7 fake'));
    const stored = await store.get(key);
    expect(stored!.size).toBe(13);
    expect(Math.abs(stored!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await text(stored!.body)).toBe('%PDF-1.7 fake');
    expect(await readdir(path.join(root, 'pdfs', 'projects', ID))).toEqual(['1.pdf']);
  });

  it('answers undefined for a missing key', async () => {
    expect(await store.get(pdfKey('sessions', ID, 9n))).toBeUndefined();
  });

  it('deletes a project’s PDFs and nothing else', async () => {
    const other = '1b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';
    await store.put(pdfKey('projects', ID, 1n), Buffer.from('a'));
    await store.put(pdfKey('projects', ID, 2n), Buffer.from('b'));
    await store.put(pdfKey('projects', other, 1n), Buffer.from('c'));
    await store.deletePrefix(ownerPrefix('projects', ID));
    expect(await store.get(pdfKey('projects', ID, 1n))).toBeUndefined();
    const kept = await store.get(pdfKey('projects', other, 1n));
    expect(kept).toBeDefined();
    // Read, so its file handle is closed by the stream rather than left to the garbage collector.
    expect(Buffer.concat(await kept!.body.toArray()).toString()).toBe('c');
  });

  it('refuses keys that would leave its directory', async () => {
    await expect(store.get('../outside.pdf')).rejects.toThrow(/outside/);
    await expect(store.put('/etc/evil.pdf', Buffer.from('x'))).rejects.toThrow(/outside/);
  });
});
