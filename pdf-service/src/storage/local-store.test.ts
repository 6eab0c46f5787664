import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
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

  it('lists a folder’s PDFs with their sizes, leaving out writes in progress', async () => {
    await store.put(pdfKey('projects', ID, 1n), Buffer.from('one'));
    await store.put(pdfKey('projects', ID, 2n), Buffer.from('second'));
    await writeFile(path.join(root, 'pdfs', 'projects', ID, '3.pdf.abc.tmp'), 'half');
    const listed = await store.list(ownerPrefix('projects', ID));
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: pdfKey('projects', ID, 1n), size: 3 },
      { key: pdfKey('projects', ID, 2n), size: 6 },
    ]);
    expect(await store.list(ownerPrefix('sessions', ID))).toEqual([]);
  });

  it('says whether a deleted file was there, counts a deleted folder’s PDFs, and removes folders it empties', async () => {
    await store.put(pdfKey('projects', ID, 1n), Buffer.from('a'));
    expect(await store.delete(pdfKey('projects', ID, 1n))).toBe(true);
    expect(await store.delete(pdfKey('projects', ID, 1n))).toBe(false);
    await store.put(pdfKey('projects', ID, 2n), Buffer.from('b'));
    await store.put(pdfKey('projects', ID, 3n), Buffer.from('c'));
    await store.deleteKeys([pdfKey('projects', ID, 2n)]);
    expect(await readdir(path.join(root, 'pdfs', 'projects', ID))).toEqual(['3.pdf']);
    await store.deleteKeys([pdfKey('projects', ID, 3n)]);
    expect(await readdir(path.join(root, 'pdfs', 'projects'))).toEqual([]);
    // A write after its folder went makes the folder again.
    await store.put(pdfKey('projects', ID, 4n), Buffer.from('dd'));
    await store.put(pdfKey('projects', ID, 5n), Buffer.from('e'));
    expect(await store.deletePrefix(ownerPrefix('projects', ID))).toBe(2);
    expect(await store.deletePrefix(ownerPrefix('projects', ID))).toBe(0);
  });

  it('lists the folders holding a PDF in key order, page by page, skipping empty ones', async () => {
    const ids = ['0a', '1b', '2c', '3d', '4e'].map((start) => `${start}5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10`);
    for (const id of [...ids].reverse()) await store.put(pdfKey('sessions', id, 1n), Buffer.from('x'));
    await mkdir(path.join(root, 'pdfs', 'sessions', '2d5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10'));
    await store.put(pdfKey('projects', ID, 1n), Buffer.from('x'));
    expect(await store.listFolders('pdfs/sessions/', '', 2)).toEqual(ids.slice(0, 2));
    expect(await store.listFolders('pdfs/sessions/', ids[1]!, 2)).toEqual(ids.slice(2, 4));
    expect(await store.listFolders('pdfs/sessions/', ids[3]!, 2)).toEqual(ids.slice(4));
    expect(await store.listFolders('pdfs/projects/', '', 10)).toEqual([ID]);
    expect(await new LocalPdfStore(path.join(root, 'none')).listFolders('pdfs/projects/', '', 10)).toEqual([]);
  });

  it('reads the directory once for all the pages after a first one, and again for the next first page', async () => {
    const ids = ['0a', '1b', '2c'].map((start) => `${start}5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10`);
    for (const id of ids.slice(0, 2)) await store.put(pdfKey('sessions', id, 1n), Buffer.from('x'));
    expect(await store.listFolders('pdfs/sessions/', '', 1)).toEqual([ids[0]]);
    // Made after the first page was read: this sweep does not see it, the next one does.
    await store.put(pdfKey('sessions', ids[2]!, 1n), Buffer.from('x'));
    expect(await store.listFolders('pdfs/sessions/', ids[0]!, 5)).toEqual([ids[1]]);
    expect(await store.listFolders('pdfs/sessions/', '', 5)).toEqual(ids);
  });

  it('deletes temporary files a crash left with the folder’s PDFs, and keeps a write in progress', async () => {
    const folder = path.join(root, 'pdfs', 'projects', ID);
    await store.put(pdfKey('projects', ID, 1n), Buffer.from('a'));
    const [stale, fresh] = [path.join(folder, '2.pdf.aaaaaa.tmp'), path.join(folder, '3.pdf.bbbbbb.tmp')];
    await writeFile(stale, 'half');
    await writeFile(fresh, 'half');
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    await utimes(stale, elevenMinutesAgo, elevenMinutesAgo);
    expect(await store.deletePrefix(ownerPrefix('projects', ID))).toBe(1);
    expect(await readdir(folder)).toEqual(['3.pdf.bbbbbb.tmp']);
    // Once that one is as old, the folder goes with it.
    await utimes(fresh, elevenMinutesAgo, elevenMinutesAgo);
    expect(await store.deletePrefix(ownerPrefix('projects', ID))).toBe(0);
    expect(await readdir(path.join(root, 'pdfs', 'projects'))).toEqual([]);
  });

  it('refuses keys that would leave its directory', async () => {
    await expect(store.get('../outside.pdf')).rejects.toThrow(/outside/);
    await expect(store.put('/etc/evil.pdf', Buffer.from('x'))).rejects.toThrow(/outside/);
  });
});
