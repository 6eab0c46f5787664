import { configProblems, DEVELOPMENT_JWT_SECRET } from '@evalplan/common/config';
import { authSettings, DEVELOPMENT_PASSWORD_HASH_KEY, loadAuthConfig, resetLinksPointToLocalhost } from './config';

describe('auth-service configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadAuthConfig({});
    expect(config).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
      jwtSecret: DEVELOPMENT_JWT_SECRET,
      accessTokenTtlMs: 15 * 60_000,
      refreshAbsoluteTtlMs: 30 * 86_400_000,
      refreshIdleTtlMs: 7 * 86_400_000,
      refreshReuseGraceMs: 10_000,
      bcryptCost: 12,
      authRateLimitPerIp: 60,
      authRateLimitPerEmail: 10,
      authRateLimitWindowMs: 60_000,
      authRateLimitPerIpHourly: 300,
      authRateLimitPerEmailHourly: 50,
      deviceTokenTtlMs: 180 * 86_400_000,
    });
    // Account deletion calls wizard-service and activity-service.
    expect(config.services).toEqual({
      auth: { listen: '127.0.0.1:50051' },
      wizard: { target: '127.0.0.1:50052' },
      activity: { target: '127.0.0.1:50054' },
    });
  });

  it('takes REFRESH_TOKEN_TTL, the earlier name, as the absolute lifetime of a sign-in unless REFRESH_ABSOLUTE_TTL is set', () => {
    expect(loadAuthConfig({ REFRESH_TOKEN_TTL: '3s' })).toMatchObject({ refreshAbsoluteTtlMs: 3_000, refreshIdleTtlMs: 7 * 86_400_000 });
    expect(loadAuthConfig({ REFRESH_TOKEN_TTL: '3s', REFRESH_ABSOLUTE_TTL: '12h', REFRESH_IDLE_TTL: '30m' })).toMatchObject({
      refreshAbsoluteTtlMs: 12 * 3_600_000,
      refreshIdleTtlMs: 30 * 60_000,
    });
    expect(configProblems(authSettings, { REFRESH_ABSOLUTE_TTL: 'forever', REFRESH_IDLE_TTL: '0' })).toEqual([
      expect.stringContaining('REFRESH_ABSOLUTE_TTL'),
      expect.stringContaining('REFRESH_IDLE_TTL'),
    ]);
  });

  it('needs the JWT secret and the password hash key in production, and nothing of storage, mail or HTTP', () => {
    expect(configProblems(authSettings, { NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET is required when NODE_ENV=production',
      'PASSWORD_HASH_KEY is required when NODE_ENV=production',
    ]);
    expect(
      configProblems(authSettings, { JWT_SECRET: 'x'.repeat(40), PORT: 'eighty', S3_ENDPOINT: 'nope', PDF_SERVICE_TARGET: 'nope' }),
    ).toEqual([]);
  });

  it('keys password hashes with PASSWORD_HASH_KEY: a development default, refused in production, never JWT_SECRET', () => {
    expect(loadAuthConfig({}).passwordHashKey).toBe(DEVELOPMENT_PASSWORD_HASH_KEY);
    expect(loadAuthConfig({ PASSWORD_HASH_KEY: 'k'.repeat(32) }).passwordHashKey).toBe('k'.repeat(32));
    const production = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40) };
    expect(configProblems(authSettings, { ...production, PASSWORD_HASH_KEY: 'k'.repeat(40) })).toEqual([]);
    expect(configProblems(authSettings, { ...production, PASSWORD_HASH_KEY: DEVELOPMENT_PASSWORD_HASH_KEY })).toEqual([
      'PASSWORD_HASH_KEY must not be the development default when NODE_ENV=production',
    ]);
    expect(configProblems(authSettings, { PASSWORD_HASH_KEY: 'short' })).toEqual(['PASSWORD_HASH_KEY must be at least 32 characters long']);
    expect(configProblems(authSettings, { ...production, PASSWORD_HASH_KEY: 'j'.repeat(40) })).toEqual([
      expect.stringContaining('PASSWORD_HASH_KEY must differ from JWT_SECRET'),
    ]);
  });

  it('reports every problem at once', () => {
    expect(configProblems(authSettings, { BCRYPT_COST: 'high', REFRESH_TOKEN_TTL: 'forever', DATABASE_URL: 'mysql://x' })).toEqual([
      expect.stringContaining('DATABASE_URL'),
      expect.stringContaining('REFRESH_TOKEN_TTL'),
      expect.stringContaining('BCRYPT_COST'),
    ]);
  });

  it('reads the password-reset settings, with their defaults', () => {
    expect(loadAuthConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'evalplan <no-reply@evalplan.local>',
      passwordResetUrl: 'http://localhost:5173/reset-password',
      passwordResetTtlMs: 30 * 60_000,
      passwordResetRateLimitPerIp: 20,
      passwordResetRateLimitPerEmail: 5,
      passwordResetRateLimitWindowMs: 15 * 60_000,
    });
    expect(
      loadAuthConfig({ SMTP_URL: 'smtp://mail:25', PASSWORD_RESET_URL: 'https://app.example.org/reset', PASSWORD_RESET_TTL: '1h' }),
    ).toMatchObject({ smtpUrl: 'smtp://mail:25', passwordResetUrl: 'https://app.example.org/reset', passwordResetTtlMs: 3_600_000 });
    expect(configProblems(authSettings, { PASSWORD_RESET_URL: 'javascript:alert(1)', SMTP_URL: 'http://mail' })).toEqual([
      expect.stringContaining('SMTP_URL'),
      expect.stringContaining('PASSWORD_RESET_URL'),
    ]);
  });

  it('knows when reset e-mails would link to localhost: SMTP set, PASSWORD_RESET_URL left at its default', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.org:587' };
    expect(resetLinksPointToLocalhost(loadAuthConfig(smtp))).toBe(true);
    expect(resetLinksPointToLocalhost(loadAuthConfig({ ...smtp, PASSWORD_RESET_URL: 'https://plans.example.org/reset-password' }))).toBe(
      false,
    );
    // Without e-mail no link goes anywhere.
    expect(resetLinksPointToLocalhost(loadAuthConfig({}))).toBe(false);
  });
});
