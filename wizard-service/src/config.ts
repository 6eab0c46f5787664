import {
  type ConfigOf,
  databaseSettings,
  defineSettings,
  type Env,
  grpcClientSettings,
  loadSettings,
  serviceSettings,
} from '@evalplan/common/config';
import { pdfRendererTimeoutSettings } from '@evalplan/pdf-service/contracts';

/** Anonymous sessions: how long they live, and how often expired ones are deleted. */
const sessionSettings = defineSettings((read) => ({
  sessionTtlMs: read.duration('SESSION_TTL', '48h'),
  sessionPurgeIntervalMs: read.duration('SESSION_PURGE_INTERVAL', '10m'),
}));

/**
 * The PDF orphan sweep: how often one replica looks for files no project or
 * session owns any more, and how old such a file must be to go (a younger
 * one may belong to a row not committed yet).
 */
const pdfOrphanSettings = defineSettings((read) => ({
  pdfOrphanSweepIntervalMs: read.duration('PDF_ORPHAN_SWEEP_INTERVAL', '1h'),
  pdfOrphanGraceMs: read.duration('PDF_ORPHAN_GRACE', '1d'),
}));

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
