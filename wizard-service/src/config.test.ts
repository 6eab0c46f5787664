import { configProblems } from '@evalplan/common/config';
import { loadWizardConfig, wizardSettings } from './config';

describe('wizard-service configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    expect(loadWizardConfig({})).toMatchObject({
      databaseUrl: undefined,
      sessionTtlMs: 48 * 3_600_000,
      sessionPurgeIntervalMs: 10 * 60_000,
      pdfOrphanSweepIntervalMs: 3_600_000,
      pdfOrphanGraceMs: 86_400_000,
      pdfHtmlRendererTimeoutMs: 30_000,
      services: { wizard: { listen: '127.0.0.1:50052' }, pdf: { target: '127.0.0.1:50053' } },
    });
  });

  it('reads neither the JWT secret nor Redis nor storage', () => {
    const env = { NODE_ENV: 'production', REDIS_URL: 'http://x', S3_BUCKET: 'x', SESSION_TTL: '2 days' };
    expect(configProblems(wizardSettings, env)).toEqual([expect.stringContaining('SESSION_TTL must be a duration')]);
    expect(loadWizardConfig({ NODE_ENV: 'production' })).not.toHaveProperty('jwtSecret');
  });

  it('refuses an orphan sweep more often than a minute, or a grace shorter than 10m or a render deadline', () => {
    expect(configProblems(wizardSettings, { PDF_ORPHAN_SWEEP_INTERVAL: '59s' })).toEqual(['PDF_ORPHAN_SWEEP_INTERVAL must be at least 1m']);
    expect(loadWizardConfig({ PDF_ORPHAN_SWEEP_INTERVAL: '1m', PDF_ORPHAN_GRACE: '10m' })).toMatchObject({
      pdfOrphanSweepIntervalMs: 60_000,
      pdfOrphanGraceMs: 600_000,
    });
    expect(configProblems(wizardSettings, { PDF_ORPHAN_GRACE: '9m' })).toEqual([
      "PDF_ORPHAN_GRACE must be at least 600s (10m, or a PDF render's whole deadline if longer)",
    ]);
    // A 20-minute renderer timeout makes the deadline 20m + 5s (GRPC_DEADLINE) + 15s (the mail).
    expect(configProblems(wizardSettings, { PDF_HTML_RENDERER_TIMEOUT: '20m', PDF_ORPHAN_GRACE: '20m' })).toEqual([
      "PDF_ORPHAN_GRACE must be at least 1220s (10m, or a PDF render's whole deadline if longer)",
    ]);
  });
});
