import { isUuid } from '@evalplan/common/input';
import type { PdfOwner, PdfOwnerRows, TaskLease, TaskLeases } from './ports';
import { eachConcurrently } from './concurrency';
import type { PdfFiles } from './pdf-files';

/** What one page of folders came to. */
export interface SweptPage {
  owner: PdfOwner;
  /** Folders looked up. */
  checked: number;
  /** Folders whose project or session no longer exists. */
  orphans: number;
  /** Files of those folders deleted (the ones older than the grace). */
  deleted: number;
}

export interface OrphanSweepOptions {
  /**
   * Files younger than this stay, whoever owns them. Every file is written
   * after its owner's row commits; what the grace protects is a generation
   * still in flight whose row went meanwhile (it discards its own file), and
   * it gives operators time to notice a mistake before files go.
   */
  graceMs: number;
  /**
   * How long a replica that starts a sweep keeps the others from starting one
   * (the sweep interval); renewed after every page, so a sweep that outlasts
   * it still runs alone.
   */
  leaseMs: number;
}

/** The sweep's lease ran out between two pages (another replica may sweep now): this sweep stops. */
export class SweepLeaseLost extends Error {
  constructor() {
    super('the orphan sweep lease ran out');
    this.name = 'SweepLeaseLost';
  }
}

const LEASE = 'pdf-orphan-sweep';
/** Folders asked for, and looked up in one query, at a time. */
const PAGE_SIZE = 500;
/** DeletePdfs calls at once. */
const DELETE_CONCURRENCY = 4;
const OWNERS: readonly PdfOwner[] = ['projects', 'sessions'];

/**
 * Finds PDF folders in storage whose project or session no longer has a row
 * (files a failed deletion or a lost race left behind) and deletes their
 * files older than the grace. Deletions go through pdf-service's DeletePdfs
 * with rendered_before_ms, so a file rendered after the sweep looked is
 * never touched.
 */
export class PdfOrphanSweep {
  constructor(
    private readonly rows: PdfOwnerRows,
    private readonly leases: TaskLeases,
    private readonly files: PdfFiles,
    private readonly options: OrphanSweepOptions,
  ) {}

  /** The lease to sweep now, or undefined: one replica sweeps per lease, however many run. */
  claim(): Promise<TaskLease | undefined> {
    return this.leases.claim(LEASE, this.options.leaseMs);
  }

  /**
   * Sweeps project folders, then session folders, a page at a time,
   * reporting each page as it is done. The lease is renewed before each page
   * after the first; SweepLeaseLost when it ran out.
   */
  async *run(lease: TaskLease, nowMs = Date.now()): AsyncGenerator<SweptPage> {
    const renderedBeforeMs = nowMs - this.options.graceMs;
    let first = true;
    for (const owner of OWNERS) {
      let after = '';
      do {
        if (!first && !(await lease.renew())) throw new SweepLeaseLost();
        first = false;
        const page = await this.files.listFolders(owner, after, PAGE_SIZE);
        // pdf-service lists only folders named by a UUID; anything else is not ours to judge.
        const ids = page.ids.filter(isUuid).map((id) => id.toLowerCase());
        const existing = await this.rows.existing(owner, ids);
        const orphans = ids.filter((id) => !existing.has(id));
        let deleted = 0;
        await eachConcurrently(orphans, DELETE_CONCURRENCY, async (id) => {
          // Awaited first: `deleted += await …` would add to the value read before the wait, losing the others' counts.
          const files = await this.files.deleteFolder(owner, id, renderedBeforeMs, 'orphan');
          deleted += files;
        });
        yield { owner, checked: page.ids.length, orphans: orphans.length, deleted };
        after = page.nextAfter ?? '';
      } while (after);
    }
  }
}
