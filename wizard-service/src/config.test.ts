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
});
