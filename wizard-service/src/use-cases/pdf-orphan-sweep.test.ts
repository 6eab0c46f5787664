import { randomUUID } from 'node:crypto';
import { AppError } from '@evalplan/common/errors';
import type { PdfOwner, PdfOwnerRows } from '../repositories/pdf-owners';
import type { TaskLeases } from '../repositories/task-leases';
import { PdfOrphanSweep, type SweptPage } from './pdf-orphan-sweep';
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

/** One lease for everyone, held until released. */
class OneLease implements TaskLeases {
  held = false;

  async claim(): Promise<boolean> {
    if (this.held) return false;
    this.held = true;
    return true;
  }
}

function setup() {
  const rows = new MemoryOwnerRows();
  const files = new MemoryPdfFiles();
  const leases = new OneLease();
  return { rows, files, leases, sweep: new PdfOrphanSweep(rows, leases, files, { graceMs: DAY, leaseMs: 3_600_000 }) };
}

async function pagesOf(sweep: PdfOrphanSweep): Promise<SweptPage[]> {
  const pages: SweptPage[] = [];
  for await (const page of sweep.run(NOW)) pages.push(page);
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

  it('lets one replica sweep per lease', async () => {
    const { sweep } = setup();
    await expect(sweep.claim()).resolves.toBe(true);
    await expect(sweep.claim()).resolves.toBe(false);
  });

  it('stops at an outage with what it did so far reported, and the next run catches up', async () => {
    const { files, sweep } = setup();
    files.add('projects', randomUUID(), NOW - 2 * DAY);
    const orphanSession = randomUUID();
    files.add('sessions', orphanSession, NOW - 2 * DAY);
    const pages: SweptPage[] = [];
    const run = sweep.run(NOW);
    for await (const page of run) {
      pages.push(page);
      files.failWith = new AppError('SERVICE_UNAVAILABLE');
      break;
    }
    await expect(sweep.run(NOW).next()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(pages).toEqual([{ owner: 'projects', checked: 1, orphans: 1, deleted: 1 }]);
    files.failWith = undefined;
    expect(await pagesOf(sweep)).toContainEqual({ owner: 'sessions', checked: 1, orphans: 1, deleted: 1 });
    expect(files.folders.size).toBe(0);
  });
});
