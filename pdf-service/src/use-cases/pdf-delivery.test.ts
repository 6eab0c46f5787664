import { createLogger } from '@evalplan/common/logging';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pdfKey } from '../storage/keys';
import { LocalPdfStore } from '../storage/local-store';
import { PdfDelivery } from './pdf-delivery';

const PROJECT = '0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';
const SESSION = '7f3e2d1c-0b9a-4876-8543-210fedcba987';
const ORIGIN = '3c3e2d1c-0b9a-4876-8543-210fedcba987';
const OTHER = '11111111-2222-4333-8444-555555555555';
const BASE = 'https://plans.example.org';
// 2026-01-02T03:04:05.678Z in nanoseconds, and a second later.
const FIRST = 1_767_323_045_678_000_000n;
const SECOND = FIRST + 1_000_000_000n;
const FIRST_MS = 1_767_323_045_678;

const logger = createLogger({ name: 'test', level: 'silent' });
const urlOf = (owner: string, id: string, nanos: bigint) => `${BASE}/files/pdfs/${owner}/${id}/${nanos}.pdf`;

describe('PdfDelivery', () => {
  let store: LocalPdfStore;
  let delivery: PdfDelivery;
  beforeEach(async () => {
    store = new LocalPdfStore(await mkdtemp(path.join(os.tmpdir(), 'pdf-list-')));
    delivery = new PdfDelivery(store, BASE, logger);
  });

  it('lists every PDF of a project, oldest first, with its public URL, render time and size; none for a project without any', async () => {
    await store.put(pdfKey('projects', PROJECT, SECOND), Buffer.from('bb'));
    await store.put(pdfKey('projects', PROJECT, FIRST), Buffer.from('a'));
    await store.put(pdfKey('projects', OTHER, FIRST), Buffer.from('c'));
    expect(await delivery.list({ owner: 'projects', id: PROJECT })).toEqual([
      { pdfUrl: urlOf('projects', PROJECT, FIRST), createdAt: '2026-01-02T03:04:05.678Z', size: 1 },
      { pdfUrl: urlOf('projects', PROJECT, SECOND), createdAt: '2026-01-02T03:04:06.678Z', size: 2 },
    ]);
    expect(await delivery.list({ owner: 'projects', id: '22222222-2222-4333-8444-555555555555' })).toEqual([]);
  });

  it('includes the files of the session a converted project still points at, as deleteAll deletes them', async () => {
    await store.put(pdfKey('sessions', SESSION, FIRST), Buffer.from('s'));
    const sessionUrl = urlOf('sessions', SESSION, FIRST);
    const project = { owner: 'projects', id: PROJECT, pdfUrl: sessionUrl };
    expect(await delivery.list(project)).toEqual([{ pdfUrl: sessionUrl, createdAt: '2026-01-02T03:04:05.678Z', size: 1 }]);
    expect(await delivery.deleteAll(project)).toBe(1);
    expect(await delivery.list(project)).toEqual([]);
  });

  it('lists and deletes a project’s origin session’s files with the project’s, whatever its PDF URL points at', async () => {
    await store.put(pdfKey('projects', PROJECT, SECOND), Buffer.from('p'));
    await store.put(pdfKey('sessions', ORIGIN, FIRST), Buffer.from('o'));
    await store.put(pdfKey('sessions', SESSION, FIRST), Buffer.from('s'));
    const project = { owner: 'projects', id: PROJECT, originSessionId: ORIGIN, pdfUrl: urlOf('projects', PROJECT, SECOND) };
    expect((await delivery.list(project)).map((pdf) => pdf.pdfUrl)).toEqual([
      urlOf('sessions', ORIGIN, FIRST),
      urlOf('projects', PROJECT, SECOND),
    ]);
    expect(await delivery.deleteAll(project)).toBe(2);
    expect(await delivery.list(project)).toEqual([]);
    // Another session's files stay.
    expect(await delivery.list({ owner: 'sessions', id: SESSION })).toHaveLength(1);
  });

  it('deletes only the files rendered before a time when asked to, and counts what it deleted', async () => {
    await store.put(pdfKey('sessions', SESSION, FIRST), Buffer.from('old'));
    await store.put(pdfKey('sessions', SESSION, SECOND), Buffer.from('young'));
    const session = { owner: 'sessions', id: SESSION, reason: 'orphan' };
    // FIRST itself is not before FIRST_MS.
    expect(await delivery.deleteAll({ ...session, renderedBeforeMs: FIRST_MS })).toBe(0);
    expect(await delivery.deleteAll({ ...session, renderedBeforeMs: FIRST_MS + 1 })).toBe(1);
    expect((await delivery.list(session)).map((pdf) => pdf.pdfUrl)).toEqual([urlOf('sessions', SESSION, SECOND)]);
    expect(await delivery.deleteAll({ ...session, renderedBeforeMs: 0 })).toBe(1);
    expect(await delivery.deleteAll(session)).toBe(0);
  });

  it('pages through the owners that have files, in key order', async () => {
    const ids = ['0a', '1b', '2c'].map((start) => `${start}5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10`);
    for (const id of ids) await store.put(pdfKey('projects', id, FIRST), Buffer.from('x'));
    expect(await delivery.listFolders('projects', '', 2)).toEqual({ ids: ids.slice(0, 2), nextAfter: ids[1] });
    expect(await delivery.listFolders('projects', ids[1]!, 2)).toEqual({ ids: ids.slice(2), nextAfter: '' });
    expect(await delivery.listFolders('projects', '', 3)).toEqual({ ids, nextAfter: '' });
    expect(await delivery.listFolders('projects', '', 0)).toEqual({ ids, nextAfter: '' });
    expect(await delivery.listFolders('sessions', '', 0)).toEqual({ ids: [], nextAfter: '' });
  });

  it('pages on the last folder listed, so folders not named by an id neither end the paging nor repeat it', async () => {
    const ids = ['0a', '1b', 'cc'].map((start) => `${start}5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10`);
    for (const id of ids) await store.put(pdfKey('projects', id, FIRST), Buffer.from('x'));
    // Someone's backups, between the ids in key order ("<name>/": "1b-old/" before "1b5a…/", "backup.2/" before "backup/").
    for (const name of ['1b-old', 'backup', 'backup.2']) await store.put(`pdfs/projects/${name}/1.pdf`, Buffer.from('x'));
    const pages: Array<{ ids: string[]; nextAfter: string }> = [];
    let after = '';
    do {
      const page = await delivery.listFolders('projects', after, 1);
      pages.push(page);
      after = page.nextAfter;
    } while (after !== '' && pages.length < 20);
    expect(pages.flatMap((page) => page.ids)).toEqual(ids);
    expect(pages.map((page) => page.nextAfter)).toEqual([ids[0], '1b-old', ids[1], 'backup.2', 'backup', '']);
  });

  it('refuses what names none of ours, before deleting anything', async () => {
    await store.put(pdfKey('projects', PROJECT, FIRST), Buffer.from('p'));
    const project = { owner: 'projects', id: PROJECT };
    const invalid = [
      delivery.list({ owner: 'users', id: PROJECT }),
      delivery.list({ owner: 'projects', id: '../etc' }),
      delivery.list({ ...project, originSessionId: 'not-a-session' }),
      delivery.deleteAll({ ...project, reason: 'cleanup' }),
      delivery.deleteAll({ ...project, renderedBeforeMs: -1 }),
      delivery.deleteAll({ ...project, originSessionId: '../x' }),
      delivery.deleteAll({ owner: 'sessions', id: SESSION, originSessionId: ORIGIN }),
      delivery.listFolders('users', '', 10),
      delivery.listFolders('projects', '../', 10),
      delivery.listFolders('projects', '..', 10),
      delivery.listFolders('projects', 'a b', 10),
      delivery.listFolders('projects', 'a\\b', 10),
      delivery.listFolders('projects', 'é', 10),
      delivery.listFolders('projects', '', 1001),
      delivery.listFolders('projects', '', -1),
      delivery.deleteOne('https://elsewhere.example.org/a.pdf'),
    ];
    for (const call of invalid) await expect(call).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await delivery.list(project)).toHaveLength(1);
  });
});
