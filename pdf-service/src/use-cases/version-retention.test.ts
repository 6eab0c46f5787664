import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ownerPrefix, pdfKey } from '../storage/keys';
import { LocalPdfStore } from '../storage/local-store';
import { pruneOldVersions, type Retention } from './version-retention';

const PROJECT = '0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';
const OTHER = '11111111-2222-4333-8444-555555555555';
const MS = 1_000_000n;
const keysOf = async (store: LocalPdfStore, id: string) =>
  (await store.list(ownerPrefix('projects', id))).map((object) => object.key).sort();
const key = (nanos: bigint) => pdfKey('projects', PROJECT, nanos);
/** Files rendered at these nanoseconds are all older than the recording window, unless a test says otherwise. */
const old = (retention: Omit<Retention, 'keepRenderedAfterMs' | 'recorded'> & Partial<Retention>): Retention => ({
  recorded: undefined,
  keepRenderedAfterMs: Date.now(),
  ...retention,
});

describe('pruneOldVersions', () => {
  let store: LocalPdfStore;
  beforeEach(async () => {
    store = new LocalPdfStore(await mkdtemp(path.join(os.tmpdir(), 'pdf-prune-')));
  });

  it('keeps the newest files by render time and deletes the rest of that owner’s only', async () => {
    // Names of different lengths: render order is numeric, not the names' text order.
    for (const nanos of [9n, 10n, 11n, 100n]) await store.put(key(nanos), Buffer.from('x'));
    await store.put(pdfKey('projects', OTHER, 1n), Buffer.from('x'));
    expect(await pruneOldVersions(store, 'projects', PROJECT, old({ keep: 2, justWritten: key(100n) }))).toBe(2);
    expect(await keysOf(store, PROJECT)).toEqual([key(100n), key(11n)].sort());
    expect(await keysOf(store, OTHER)).toHaveLength(1);
    expect(await pruneOldVersions(store, 'projects', PROJECT, old({ keep: 2, justWritten: key(100n) }))).toBe(0);
  });

  it('never deletes the file just written, even when newer ones came meanwhile', async () => {
    for (const nanos of [1n, 2n, 3n]) await store.put(key(nanos), Buffer.from('x'));
    expect(await pruneOldVersions(store, 'projects', PROJECT, old({ keep: 1, justWritten: key(1n) }))).toBe(1);
    expect(await keysOf(store, PROJECT)).toEqual([key(1n), key(3n)]);
  });

  it('keeps the recorded file however many newer renders were never recorded', async () => {
    const keep = 2;
    await store.put(key(1n), Buffer.from('recorded'));
    // keep + 1 renders whose callers left (or whose wizards changed meanwhile): none of them recorded.
    for (let nanos = 2n; nanos <= 4n; nanos++) {
      await store.put(key(nanos), Buffer.from('x'));
      await pruneOldVersions(store, 'projects', PROJECT, old({ keep, justWritten: key(nanos), recorded: key(1n) }));
    }
    expect(await keysOf(store, PROJECT)).toEqual([key(1n), key(3n), key(4n)]);
  });

  it('keeps files young enough that their renders may still record them, and counts them among the newest', async () => {
    const nowMs = 1_000_000;
    const windowMs = 50_000;
    const young = [BigInt(nowMs - 10_000) * MS, BigInt(nowMs - 20_000) * MS, BigInt(nowMs - 30_000) * MS];
    const older = [BigInt(nowMs - 60_000) * MS, BigInt(nowMs - 70_000) * MS];
    for (const nanos of [...young, ...older]) await store.put(key(nanos), Buffer.from('x'));
    const retention = { keep: 1, justWritten: key(young[0]!), recorded: undefined, keepRenderedAfterMs: nowMs - windowMs };
    // A second render of the same owner while these three are still in flight: none of them loses its file.
    expect(await pruneOldVersions(store, 'projects', PROJECT, retention)).toBe(2);
    expect(await keysOf(store, PROJECT)).toEqual(young.map(key).sort());
  });
});
