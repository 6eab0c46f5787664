import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ownerPrefix, pdfKey } from '../storage/keys';
import { LocalPdfStore } from '../storage/local-store';
import { pruneOldVersions } from './version-retention';

const PROJECT = '0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';
const OTHER = '11111111-2222-4333-8444-555555555555';
const keysOf = async (store: LocalPdfStore, id: string) =>
  (await store.list(ownerPrefix('projects', id))).map((object) => object.key).sort();

describe('pruneOldVersions', () => {
  let store: LocalPdfStore;
  beforeEach(async () => {
    store = new LocalPdfStore(await mkdtemp(path.join(os.tmpdir(), 'pdf-prune-')));
  });

  it('keeps the newest files by render time and deletes the rest of that owner’s only', async () => {
    // Names of different lengths: render order is numeric, not the names' text order.
    for (const nanos of [9n, 10n, 11n, 100n]) await store.put(pdfKey('projects', PROJECT, nanos), Buffer.from('x'));
    await store.put(pdfKey('projects', OTHER, 1n), Buffer.from('x'));
    expect(await pruneOldVersions(store, 'projects', PROJECT, 2, pdfKey('projects', PROJECT, 100n))).toBe(2);
    expect(await keysOf(store, PROJECT)).toEqual([pdfKey('projects', PROJECT, 100n), pdfKey('projects', PROJECT, 11n)].sort());
    expect(await keysOf(store, OTHER)).toHaveLength(1);
    expect(await pruneOldVersions(store, 'projects', PROJECT, 2, pdfKey('projects', PROJECT, 100n))).toBe(0);
  });

  it('never deletes the file just written, even when newer ones came meanwhile', async () => {
    for (const nanos of [1n, 2n, 3n]) await store.put(pdfKey('projects', PROJECT, nanos), Buffer.from('x'));
    expect(await pruneOldVersions(store, 'projects', PROJECT, 1, pdfKey('projects', PROJECT, 1n))).toBe(1);
    expect(await keysOf(store, PROJECT)).toEqual([pdfKey('projects', PROJECT, 1n), pdfKey('projects', PROJECT, 3n)]);
  });
});
