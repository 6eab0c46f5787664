import {
  type ConfigOf,
  databaseSettings,
  defineSettings,
  type Env,
  grpcClientSettings,
  loadSettings,
  serviceSettings,
} from '@evalplan/common/config';
import { pdfRendererTimeoutSettings, renderPlanDeadlineMs } from '@evalplan/pdf-service/contracts';

/** Anonymous sessions: how long they live, and how often expired ones are deleted. */
const sessionSettings = defineSettings((read) => ({
  sessionTtlMs: read.duration('SESSION_TTL', '48h'),
  sessionPurgeIntervalMs: read.duration('SESSION_PURGE_INTERVAL', '10m'),
}));

/** The sweep's floor: one replica's lookups and deletions every minute at most. */
const MIN_SWEEP_INTERVAL_MS = 60_000;
/** The grace's floor, when the render deadline is shorter. */
const MIN_ORPHAN_GRACE_MS = 10 * 60_000;

/**
 * The PDF orphan sweep: how often one replica looks for files no project or
 * session owns any more, and how old such a file must be to go. Every file is
 * written after its owner's row commits; the grace protects the files of
 * generations still in flight (whose rows may go meanwhile: they discard their
 * own files), so it is never shorter than a render's deadline, and gives
 * operators time to notice a mistake before files go.
 */
const pdfOrphanSettings = defineSettings((read) => {
  const pdfOrphanSweepIntervalMs = read.duration('PDF_ORPHAN_SWEEP_INTERVAL', '1h');
  const pdfOrphanGraceMs = read.duration('PDF_ORPHAN_GRACE', '1d');
  if (pdfOrphanSweepIntervalMs < MIN_SWEEP_INTERVAL_MS) read.problems.push('PDF_ORPHAN_SWEEP_INTERVAL must be at least 1m');
  // Read again here (each group is read once; these reads add no problem of their own).
  const [, grpcCallSettings] = grpcClientSettings('pdf');
  const renderDeadlineMs = renderPlanDeadlineMs({ ...pdfRendererTimeoutSettings.read(read), ...grpcCallSettings.read(read) });
  const minGraceMs = Math.max(MIN_ORPHAN_GRACE_MS, renderDeadlineMs);
  if (pdfOrphanGraceMs < minGraceMs) {
    read.problems.push(`PDF_ORPHAN_GRACE must be at least ${minGraceMs / 1000}s (10m, or a PDF render's whole deadline if longer)`);
  }
  return { pdfOrphanSweepIntervalMs, pdfOrphanGraceMs };
});

/** Everything wizard-service reads; it calls pdf-service. */
export const wizardSettings = [
  serviceSettings('wizard'),
  databaseSettings,
  grpcClientSettings('pdf'),
  // Its calls to render a plan wait as long as the renderer may take.
  pdfRendererTimeoutSettings,
  sessionSettings,
  pdfOrphanSettings,
] as const;
export type WizardConfig = ConfigOf<typeof wizardSettings>;

export const loadWizardConfig = (env?: Env): WizardConfig => loadSettings(wizardSettings, env);
