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

/** Everything wizard-service reads; it calls pdf-service. */
export const wizardSettings = [
  serviceSettings('wizard'),
  databaseSettings,
  grpcClientSettings('pdf'),
  // Its calls to render a plan wait as long as the renderer may take.
  pdfRendererTimeoutSettings,
  sessionSettings,
] as const;
export type WizardConfig = ConfigOf<typeof wizardSettings>;

export const loadWizardConfig = (env?: Env): WizardConfig => loadSettings(wizardSettings, env);
