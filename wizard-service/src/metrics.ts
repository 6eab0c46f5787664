/**
 * wizard-service's housekeeping metrics: expired sessions purged, and what
 * the PDF orphan sweep checked, found and deleted, by owner (projects,
 * sessions). Counted as the work goes, so a run an outage cuts short still
 * shows what it did. pdf-service counts every deleted file by reason
 * (evalplan.pdf.files.deleted); these say what wizard-service asked for.
 */
import { meterOf } from '@evalplan/common/telemetry';
import type { PdfOwner } from './use-cases/ports';

const meter = meterOf('evalplan.wizard');
const sessionsPurged = meter.createCounter('evalplan.wizard.sessions.purged', {
  description: 'Expired sessions deleted by the purge (their PDFs are deleted with them).',
  unit: '{session}',
});
const foldersChecked = meter.createCounter('evalplan.wizard.pdf_orphans.checked', {
  description: 'PDF folders (one per project or session with files) the orphan sweep looked up, by owner.',
  unit: '{folder}',
});
const orphanFolders = meter.createCounter('evalplan.wizard.pdf_orphans.found', {
  description: 'PDF folders whose project or session no longer exists, by owner.',
  unit: '{folder}',
});
const orphanFiles = meter.createCounter('evalplan.wizard.pdf_orphans.deleted', {
  description: 'PDF files of orphan folders the sweep deleted (older than PDF_ORPHAN_GRACE), by owner.',
  unit: '{file}',
});
const sweeps = meter.createCounter('evalplan.wizard.pdf_orphans.sweeps', {
  description: 'Orphan sweep runs by outcome: done, skipped (another replica holds the lease), failed.',
  unit: '{run}',
});

const OWNER: Record<PdfOwner, { 'evalplan.pdf.owner': PdfOwner }> = {
  projects: { 'evalplan.pdf.owner': 'projects' },
  sessions: { 'evalplan.pdf.owner': 'sessions' },
};
export type SweepOutcome = 'done' | 'skipped' | 'failed' | 'stopped';
const OUTCOME: Record<SweepOutcome, { 'evalplan.wizard.sweep.outcome': SweepOutcome }> = {
  done: { 'evalplan.wizard.sweep.outcome': 'done' },
  skipped: { 'evalplan.wizard.sweep.outcome': 'skipped' },
  failed: { 'evalplan.wizard.sweep.outcome': 'failed' },
  stopped: { 'evalplan.wizard.sweep.outcome': 'stopped' },
};

export function countPurgedSessions(sessions: number): void {
  if (sessions > 0) sessionsPurged.add(sessions);
}

/** Counts one page of the sweep as it is done. */
export function countSweptFolders(owner: PdfOwner, counts: { checked: number; orphans: number; deleted: number }): void {
  foldersChecked.add(counts.checked, OWNER[owner]);
  orphanFolders.add(counts.orphans, OWNER[owner]);
  orphanFiles.add(counts.deleted, OWNER[owner]);
}

export function countSweep(outcome: SweepOutcome): void {
  sweeps.add(1, OUTCOME[outcome]);
}
