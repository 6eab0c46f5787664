import { isDependencyFailure } from '@evalplan/common/dependencies';
import { AppError } from '@evalplan/common/errors';
import type { Logger } from '@evalplan/common/logging';
import { PeriodicTask } from '@evalplan/common/runtime';
import type { WizardConfig } from '../config';
import { countPurgedSessions, countSweep, countSweptFolders } from '../metrics';
import type { PdfOwner } from './ports';
import { type PdfOrphanSweep, SweepLeaseLost } from './pdf-orphan-sweep';
import type { SessionUseCases } from './sessions';

/** Sessions deleted per statement. */
const PURGE_BATCH = 500;

/** The database or pdf-service away: the next run catches up, so a warning without a stack is enough. */
function isOutage(error: unknown): boolean {
  return isDependencyFailure(error) || (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE');
}

/** Deletes expired sessions, and their PDFs, every SESSION_PURGE_INTERVAL. */
export function sessionPurgeTask(sessions: SessionUseCases, config: WizardConfig, logger: Logger): PeriodicTask {
  return new PeriodicTask({
    name: 'purge-expired-sessions',
    intervalMs: config.sessionPurgeIntervalMs,
    logger,
    run: async (signal) => {
      const purged = await sessions.purgeExpired(PURGE_BATCH, signal);
      countPurgedSessions(purged.sessions);
      if (purged.sessions > 0) {
        logger.info(
          { deleted: purged.sessions, files_deleted: purged.files, sessions_left_for_sweep: purged.sessionsLeftForSweep },
          'purged expired sessions',
        );
      }
    },
  });
}

type FolderTotals = Record<PdfOwner, { checked: number; orphans: number; deleted: number }>;

/** Log fields of a sweep's totals, by owner. */
function sweepFields(totals: FolderTotals): Record<string, number> {
  return {
    project_folders_checked: totals.projects.checked,
    project_folders_orphaned: totals.projects.orphans,
    project_files_deleted: totals.projects.deleted,
    session_folders_checked: totals.sessions.checked,
    session_folders_orphaned: totals.sessions.orphans,
    session_files_deleted: totals.sessions.deleted,
  };
}

/**
 * Deletes PDFs no project or session owns, every PDF_ORPHAN_SWEEP_INTERVAL,
 * on one replica at a time. Counts are logged and exported as the pages are
 * done; an outage, or a lease that ran out, stops the run with a warning, and
 * the next run starts over.
 */
export function pdfOrphanSweepTask(sweep: PdfOrphanSweep, config: WizardConfig, logger: Logger): PeriodicTask {
  return new PeriodicTask({
    name: 'sweep-orphan-pdfs',
    intervalMs: config.pdfOrphanSweepIntervalMs,
    logger,
    run: async (signal) => {
      const totals: FolderTotals = { projects: { checked: 0, orphans: 0, deleted: 0 }, sessions: { checked: 0, orphans: 0, deleted: 0 } };
      try {
        const lease = await sweep.claim();
        if (!lease) {
          countSweep('skipped');
          logger.debug('another replica swept orphan PDFs recently');
          return;
        }
        for await (const page of sweep.run(lease)) {
          countSweptFolders(page.owner, page);
          const total = totals[page.owner];
          total.checked += page.checked;
          total.orphans += page.orphans;
          total.deleted += page.deleted;
          if (signal.aborted) {
            countSweep('stopped');
            logger.info(sweepFields(totals), 'orphan PDF sweep stopped for shutdown; the next run starts over');
            return;
          }
        }
        countSweep('done');
        logger.info(sweepFields(totals), 'swept orphan PDFs');
      } catch (error) {
        countSweep('failed');
        if (error instanceof SweepLeaseLost) {
          logger.warn(sweepFields(totals), 'orphan PDF sweep stopped: its lease ran out, so another replica may sweep now');
          return;
        }
        if (!isOutage(error)) throw error;
        logger.warn(
          { ...sweepFields(totals), reason: error instanceof Error ? error.message : String(error) },
          'orphan PDF sweep stopped: a dependency is unreachable; the next run catches up',
        );
      }
    },
  });
}
