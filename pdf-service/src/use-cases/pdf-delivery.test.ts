import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pdfKey } from '../storage/keys';
import { LocalPdfStore } from '../storage/local-store';
import { PdfDelivery } from './pdf-delivery';

const PROJECT = '0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';
const SESSION = '7f3e2d1c-0b9a-4876-8543-210fedcba987';
const OTHER = '11111111-2222-4333-8444-555555555555';
const BASE = 'https://plans.example.org';
// 2026-01-02T03:04:05.678Z in nanoseconds, and a second later.
const FIRST = 1_767_323_045_678_000_000n;
const SECOND = FIRST + 1_000_000_000n;

describe('PdfDelivery.list', () => {
  let store: LocalPdfStore;
  let delivery: PdfDelivery;
  beforeEach(async () => {
    store = new LocalPdfStore(await mkdtemp(path.join(os.tmpdir(), 'pdf-list-')));
    delivery = new PdfDelivery(store, BASE);
  });

  it('lists every PDF of a project, oldest first, with its public URL and render time; none for a project without any', async () => {
    await store.put(pdfKey('projects', PROJECT, SECOND), Buffer.from('b'));
    await store.put(pdfKey('projects', PROJECT, FIRST), Buffer.from('a'));
    await store.put(pdfKey('projects', OTHER, FIRST), Buffer.from('c'));
    expect(await delivery.list('projects', PROJECT)).toEqual([
      { pdfUrl: `${BASE}/files/pdfs/projects/${PROJECT}/${FIRST}.pdf`, createdAt: '2026-01-02T03:04:05.678Z' },
      { pdfUrl: `${BASE}/files/pdfs/projects/${PROJECT}/${SECOND}.pdf`, createdAt: '2026-01-02T03:04:06.678Z' },
    ]);
    expect(await delivery.list('projects', '22222222-2222-4333-8444-555555555555')).toEqual([]);
  });

  it('includes the files of the session a converted project still points at, as deleteAll deletes them', async () => {
    await store.put(pdfKey('sessions', SESSION, FIRST), Buffer.from('s'));
    const sessionUrl = `${BASE}/files/pdfs/sessions/${SESSION}/${FIRST}.pdf`;
    expect(await delivery.list('projects', PROJECT, sessionUrl)).toEqual([{ pdfUrl: sessionUrl, createdAt: '2026-01-02T03:04:05.678Z' }]);
    await delivery.deleteAll('projects', PROJECT, sessionUrl);
    expect(await delivery.list('projects', PROJECT, sessionUrl)).toEqual([]);
  });

  it('refuses an owner that names none of ours', async () => {
    await expect(delivery.list('users', PROJECT)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(delivery.list('projects', '../etc')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
