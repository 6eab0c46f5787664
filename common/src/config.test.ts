import path from 'node:path';
import { ConfigError, DEVELOPMENT_JWT_SECRET, loadConfig, parseBytes, parseDuration } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      publicBaseUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      redisUrl: undefined,
      s3: undefined,
      accessTokenTtlMs: 15 * 60_000,
      refreshTokenTtlMs: 30 * 86_400_000,
      refreshReuseGraceMs: 10_000,
      sessionTtlMs: 48 * 3_600_000,
      bcryptCost: 12,
      pdfHtmlRendererTimeoutMs: 30_000,
      jwtSecret: DEVELOPMENT_JWT_SECRET,
    });
    expect(config.services.auth).toEqual({ listen: '127.0.0.1:50051', target: '127.0.0.1:50051' });
  });

  it('reports every problem at once', () => {
    const problems = problemsOf({
      PORT: '99999',
      BCRYPT_COST: 'high',
      SESSION_TTL: '2 days',
      COOKIE_SECURE: 'maybe',
      REDIS_URL: 'http://cache',
      AUTH_SERVICE_ADDR: 'localhost',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toHaveLength(7);
    expect(problems.join('\n')).toMatch(/PORT.*BCRYPT_COST.*/s);
  });

  it('refuses production without a JWT secret or with the development one', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['JWT_SECRET is required when NODE_ENV=production']);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: DEVELOPMENT_JWT_SECRET })).toEqual([
      'JWT_SECRET must not be the development default when NODE_ENV=production',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toEqual(['JWT_SECRET must be at least 32 characters long']);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toEqual([]);
  });

  it('requires the S3 settings together', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })[0]).toMatch(/must be set together/);
    const config = loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'pdfs', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' });
    expect(config.s3).toEqual({ endpoint: 'http://minio:9000', bucket: 'pdfs', accessKey: 'a', secretKey: 'b', region: 'us-east-1' });
  });

  it('parses CORS origins and rejects entries that are not origins', () => {
    expect(loadConfig({ CORS_ALLOWED_ORIGINS: ' https://a.example.com , http://localhost:5173 ' }).corsAllowedOrigins).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ]);
    expect(problemsOf({ CORS_ALLOWED_ORIGINS: 'https://a.example.com/path,*' })).toHaveLength(2);
  });

  it('never prints a password from a URL it rejects', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://user:hunter2@db/x' });
    expect(problems.join()).not.toContain('hunter2');
  });

  it('takes unix socket paths for the services, and refuses relative or overlong ones', () => {
    const config = loadConfig({
      WIZARD_SERVICE_ADDR: 'unix:/run/evalplan/wizard.sock',
      WIZARD_SERVICE_TARGET: 'unix:/run/evalplan/wizard.sock',
    });
    expect(config.services.wizard).toEqual({ listen: 'unix:/run/evalplan/wizard.sock', target: 'unix:/run/evalplan/wizard.sock' });
    expect(() => loadConfig({ AUTH_SERVICE_ADDR: 'unix:relative.sock' })).toThrow(
      /AUTH_SERVICE_ADDR must be unix: followed by an absolute path/,
    );
    expect(() => loadConfig({ AUTH_SERVICE_ADDR: `unix:/${'a'.repeat(120)}` })).toThrow(/AUTH_SERVICE_ADDR/);
  });

  it('reads the resilience settings, with defaults an operator can live with', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/evalplan' });
    expect(defaults).toMatchObject({
      dependencyWaitTimeoutMs: 60_000,
      dependencyRetryMaxDelayMs: 5_000,
      dependencyCheckIntervalMs: 2_000,
      incidentSummaryIntervalMs: 30_000,
    });
    expect(defaults.activity).toMatchObject({
      flushTimeoutMs: 5_000,
      spoolDir: path.resolve('/srv/evalplan/activity-spool'),
      spoolMaxBytes: 256 * 1024 * 1024,
    });
    const tuned = loadConfig({
      DEPENDENCY_WAIT_TIMEOUT: '2m',
      ACTIVITY_SPOOL_DIR: '/var/spool/evalplan',
      ACTIVITY_SPOOL_MAX_BYTES: '1GiB',
    });
    expect([tuned.dependencyWaitTimeoutMs, tuned.activity.spoolDir, tuned.activity.spoolMaxBytes]).toEqual([
      120_000,
      '/var/spool/evalplan',
      1024 ** 3,
    ]);
    expect(problemsOf({ ACTIVITY_SPOOL_MAX_BYTES: 'lots', ACTIVITY_FLUSH_TIMEOUT: 'soon' })).toEqual([
      expect.stringContaining('ACTIVITY_FLUSH_TIMEOUT must be a duration'),
      expect.stringContaining('ACTIVITY_SPOOL_MAX_BYTES must be a size'),
    ]);
    expect(problemsOf({ ACTIVITY_SPOOL_MAX_BYTES: '10KiB' })).toEqual([expect.stringContaining('at least 1048576 bytes')]);
  });

  it('a service target may name several replicas, or one name for all of them', () => {
    const config = loadConfig({
      WIZARD_SERVICE_TARGET: '10.0.0.5:50052, 10.0.0.6:50052,[fd00::7]:50052',
      AUTH_SERVICE_TARGET: 'auth-service.evalplan.svc.cluster.local:50051',
    });
    expect(config.services.wizard.target).toBe('10.0.0.5:50052,10.0.0.6:50052,[fd00::7]:50052');
    expect(config.services.auth.target).toBe('auth-service.evalplan.svc.cluster.local:50051');
    expect(problemsOf({ PDF_SERVICE_TARGET: '10.0.0.5:50053,,' })).toEqual([expect.stringContaining('several separated by commas')]);
    expect(problemsOf({ PDF_SERVICE_TARGET: 'a:1,b:99999' })).toEqual([expect.stringContaining('PDF_SERVICE_TARGET')]);
  });

  it('GRPC_MAX_MESSAGE_SIZE: 4 MiB by default, larger when asked, never smaller (activity batches reach 3 MiB)', () => {
    expect(loadConfig({}).grpcMaxMessageBytes).toBe(4 * 1024 * 1024);
    expect(loadConfig({ GRPC_MAX_MESSAGE_SIZE: '16MiB' }).grpcMaxMessageBytes).toBe(16 * 1024 * 1024);
    expect(problemsOf({ GRPC_MAX_MESSAGE_SIZE: '1MiB' })).toEqual([expect.stringContaining('at least 4194304 bytes')]);
  });

  it('GRPC_CONNECT_TIMEOUT, GRPC_KEEPALIVE_TIME and GRPC_KEEPALIVE_TIMEOUT: 2 s, 30 s and 10 s unless set; durations only', () => {
    const defaults = loadConfig({});
    expect([defaults.grpcConnectTimeoutMs, defaults.grpcKeepaliveMs, defaults.grpcKeepaliveTimeoutMs]).toEqual([2_000, 30_000, 10_000]);
    const set = loadConfig({ GRPC_CONNECT_TIMEOUT: '500ms', GRPC_KEEPALIVE_TIME: '1m', GRPC_KEEPALIVE_TIMEOUT: '5s' });
    expect([set.grpcConnectTimeoutMs, set.grpcKeepaliveMs, set.grpcKeepaliveTimeoutMs]).toEqual([500, 60_000, 5_000]);
    expect(problemsOf({ GRPC_KEEPALIVE_TIME: 'often' })).toEqual([expect.stringContaining('GRPC_KEEPALIVE_TIME')]);
  });

  it('strips a trailing slash from PUBLIC_BASE_URL', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://plan.example.com/' }).publicBaseUrl).toBe('https://plan.example.com');
  });
});

describe('parseDuration', () => {
  it.each([
    ['250ms', 250],
    ['30s', 30_000],
    ['15m', 900_000],
    ['48h', 172_800_000],
    ['30d', 2_592_000_000],
    ['1500', 1500],
  ])('%s is %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each([['0'], ['-5s'], ['5 weeks'], [''], ['1e3']])('rejects %p', (text) => expect(parseDuration(text)).toBeUndefined());
});

describe('parseBytes', () => {
  it('reads binary and decimal units and bare bytes, case-insensitively', () => {
    expect(['4096', '64KiB', '256MiB', '1gib', '512MB', '1.5 MiB'].map(parseBytes)).toEqual([
      4096,
      64 * 1024,
      256 * 1024 ** 2,
      1024 ** 3,
      512_000_000,
      1.5 * 1024 ** 2,
    ]);
  });

  it('refuses what is not a size', () => {
    expect(['', 'lots', '-1MiB', '1 parsec', 'MiB', `${'9'.repeat(30)}GiB`].map(parseBytes)).toEqual(Array(6).fill(undefined));
  });
});
