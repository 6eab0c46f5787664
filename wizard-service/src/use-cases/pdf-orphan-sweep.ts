import { isUuid } from '@evalplan/common/input';
import type { PdfOwner, PdfOwnerRows } from '../repositories/pdf-owners';
import type { TaskLeases } from '../repositories/task-leases';
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
  /** Files younger than this stay, whoever owns them: their row may not be committed yet. */
  graceMs: number;
  /** How long a replica that starts a sweep keeps the others from starting one (the sweep interval). */
  leaseMs: number;
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

  /** Whether this replica may sweep now: one replica sweeps per lease, however many run. */
  claim(): Promise<boolean> {
    return this.leases.claim(LEASE, this.options.leaseMs);
  }

  /** Sweeps project folders, then session folders, a page at a time, reporting each page as it is done. */
  async *run(nowMs = Date.now()): AsyncGenerator<SweptPage> {
    const renderedBeforeMs = nowMs - this.options.graceMs;
    for (const owner of OWNERS) {
      let after = '';
      do {
        const page = await this.files.listFolders(owner, after, PAGE_SIZE);
        // pdf-service lists only folders named by a UUID; anything else is not ours to judge.
        const ids = page.ids.filter(isUuid).map((id) => id.toLowerCase());
        const existing = await this.rows.existing(owner, ids);
        const orphans = ids.filter((id) => !existing.has(id));
        let deleted = 0;
        await eachConcurrently(orphans, DELETE_CONCURRENCY, async (id) => {
          deleted += await this.files.deleteFolder(owner, id, renderedBeforeMs, 'orphan');
        });
        yield { owner, checked: page.ids.length, orphans: orphans.length, deleted };
        after = page.nextAfter ?? '';
      } while (after);
    }
  }
}
