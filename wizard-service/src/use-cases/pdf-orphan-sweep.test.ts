import { randomUUID } from 'node:crypto';
import { AppError } from '@evalplan/common/errors';
import type { PdfOwner, PdfOwnerRows, TaskLease, TaskLeases } from './ports';
import { PdfOrphanSweep, SweepLeaseLost, type SweptPage } from './pdf-orphan-sweep';
import { MemoryPdfFiles } from './testing/memory-pdf-files';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const DAY = 86_400_000;

/** The rows that exist, by owner. */
class MemoryOwnerRows implements PdfOwnerRows {
  readonly ids: Record<PdfOwner, Set<string>> = { projects: new Set(), sessions: new Set() };
  queries = 0;

  async existing(owner: PdfOwner, ids: readonly string[]): Promise<Set<string>> {
    this.queries += 1;
    return new Set(ids.filter((id) => this.ids[owner].has(id)));
  }
}

/** A lease that holds for `renewals` more pages, then runs out. */
class CountedLease implements TaskLease {
  constructor(private renewals = Infinity) {}

  async renew(): Promise<boolean> {
    this.renewals -= 1;
    return this.renewals >= 0;
  }
}

/** Hands out a lease every time: which replica gets it is the database's (pdf-retention.db.test.ts). */
class AlwaysLease implements TaskLeases {
  async claim(): Promise<TaskLease> {
    return new CountedLease();
  }
}

function setup() {
  const rows = new MemoryOwnerRows();
  const files = new MemoryPdfFiles();
  return { rows, files, sweep: new PdfOrphanSweep(rows, new AlwaysLease(), files, { graceMs: DAY, leaseMs: 3_600_000 }) };
}

async function pagesOf(sweep: PdfOrphanSweep, lease: TaskLease = new CountedLease()): Promise<SweptPage[]> {
  const pages: SweptPage[] = [];
  for await (const page of sweep.run(lease, NOW)) pages.push(page);
  return pages;
}

describe('the PDF orphan sweep', () => {
  it('deletes the old files of folders with no row, and keeps young ones and every owned folder', async () => {
    const { rows, files, sweep } = setup();
    const [live, deleted, session, purged] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    rows.ids.projects.add(live);
    rows.ids.sessions.add(session);
    files.add('projects', live, NOW - 3 * DAY);
    files.add('projects', deleted, NOW - 2 * DAY);
    files.add('projects', deleted, NOW - DAY / 2);
    files.add('sessions', session, NOW - 3 * DAY);
    files.add('sessions', purged, NOW - 2 * DAY);

    expect(await pagesOf(sweep)).toEqual([
      { owner: 'projects', checked: 2, orphans: 1, deleted: 1 },
      { owner: 'sessions', checked: 2, orphans: 1, deleted: 1 },
    ]);
    expect(files.filesOf('projects', live)).toHaveLength(1);
    expect(files.filesOf('projects', deleted)).toEqual([NOW - DAY / 2]);
    expect(files.filesOf('sessions', session)).toHaveLength(1);
    expect(files.filesOf('sessions', purged)).toEqual([]);
    expect(files.deletions.map((deletion) => deletion.reason)).toEqual(['orphan', 'orphan']);
    expect(files.deletions.every((deletion) => deletion.renderedBeforeMs === NOW - DAY)).toBe(true);
  });

  it('goes through every page of folders, one row query per page', async () => {
    const { rows, files, sweep } = setup();
    for (let i = 0; i < 1_200; i++) files.add('projects', randomUUID(), NOW - 2 * DAY);
    const pages = await pagesOf(sweep);
    expect(pages.filter((page) => page.owner === 'projects').map((page) => page.checked)).toEqual([500, 500, 200]);
    expect(rows.queries).toBe(4);
    expect(files.folders.size).toBe(0);
  });

  it('counts every file it deleted when a page holds several orphans, deleted concurrently', async () => {
    const { files, sweep } = setup();
    for (let i = 0; i < 10; i++) {
      const id = randomUUID();
      for (let file = 0; file <= i % 3; file++) files.add('projects', id, NOW - 2 * DAY);
    }
    // 10 folders with 1, 2 or 3 files each.
    expect(await pagesOf(sweep)).toEqual([
      { owner: 'projects', checked: 10, orphans: 10, deleted: 19 },
      { owner: 'sessions', checked: 0, orphans: 0, deleted: 0 },
    ]);
    expect(files.folders.size).toBe(0);
  });

  it('renews its lease before every page after the first, and stops once it ran out', async () => {
    const { files, sweep } = setup();
    for (let i = 0; i < 1_200; i++) files.add('projects', randomUUID(), NOW - 2 * DAY);
    files.add('sessions', randomUUID(), NOW - 2 * DAY);
    const pages: SweptPage[] = [];
    // Renewed for the second and third project pages, refused before the session page.
    const run = async () => {
      for await (const page of sweep.run(new CountedLease(2), NOW)) pages.push(page);
    };
    await expect(run()).rejects.toBeInstanceOf(SweepLeaseLost);
    expect(pages.map((page) => [page.owner, page.checked])).toEqual([
      ['projects', 500],
      ['projects', 500],
      ['projects', 200],
    ]);
    expect(files.folders.size).toBe(1);
  });

  it('stops at an outage with what it did so far reported, and the next run catches up', async () => {
    const { files, sweep } = setup();
    files.add('projects', randomUUID(), NOW - 2 * DAY);
    const orphanSession = randomUUID();
    files.add('sessions', orphanSession, NOW - 2 * DAY);
    const pages: SweptPage[] = [];
    const run = sweep.run(new CountedLease(), NOW);
    for await (const page of run) {
      pages.push(page);
      files.failWith = new AppError('SERVICE_UNAVAILABLE');
      break;
    }
    await expect(sweep.run(new CountedLease(), NOW).next()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(pages).toEqual([{ owner: 'projects', checked: 1, orphans: 1, deleted: 1 }]);
    files.failWith = undefined;
    expect(await pagesOf(sweep)).toContainEqual({ owner: 'sessions', checked: 1, orphans: 1, deleted: 1 });
    expect(files.folders.size).toBe(0);
  });
});
