import { DEVELOPMENT_JWT_SECRET, accessTokenSettings } from './access-token-settings';
import { grpcClientSettings, grpcServerSettings } from './grpc-settings';
import { dependencySettings, runtimeSettings } from './runtime-settings';
import { loadSettings } from './settings';
import { cacheSettings, databaseSettings } from './storage-settings';
import { configProblems } from './test-support';

describe('the shared setting groups', () => {
  it('run on embedded defaults with nothing set', () => {
    const config = loadSettings([runtimeSettings, databaseSettings, cacheSettings, accessTokenSettings], {});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      logLevel: 'info',
      databaseUrl: undefined,
      redisUrl: undefined,
      jwtSecret: DEVELOPMENT_JWT_SECRET,
      accessTokenTtlMs: 15 * 60_000,
    });
    expect(loadSettings(runtimeSettings, { NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('refuse production without a JWT secret or with the development one', () => {
    const problems = (env: Record<string, string>) => configProblems([runtimeSettings, accessTokenSettings], env);
    expect(problems({ NODE_ENV: 'production' })).toEqual(['JWT_SECRET is required when NODE_ENV=production']);
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: DEVELOPMENT_JWT_SECRET })).toEqual([
      'JWT_SECRET must not be the development default when NODE_ENV=production',
    ]);
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toEqual(['JWT_SECRET must be at least 32 characters long']);
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toEqual([]);
    // NODE_ENV is read by both groups: its problem is reported once.
    expect(problems({ NODE_ENV: 'staging' })).toEqual([expect.stringContaining('NODE_ENV must be one of')]);
  });

  it('never print a password from a URL they reject', () => {
    expect(configProblems(databaseSettings, { DATABASE_URL: 'mysql://user:hunter2@db/x' }).join()).not.toContain('hunter2');
  });

  it('read the resilience settings, with defaults an operator can live with', () => {
    expect(loadSettings([runtimeSettings, dependencySettings], {})).toMatchObject({
      dependencyWaitTimeoutMs: 60_000,
      dependencyRetryMaxDelayMs: 5_000,
      dependencyCheckIntervalMs: 2_000,
      incidentSummaryIntervalMs: 30_000,
      shutdownTimeoutMs: 10_000,
    });
    expect(loadSettings(dependencySettings, { DEPENDENCY_WAIT_TIMEOUT: '2m' }).dependencyWaitTimeoutMs).toBe(120_000);
  });
});

describe('gRPC settings', () => {
  it('a server reads only its own address; a client only the targets it calls', () => {
    expect(loadSettings(grpcServerSettings('auth'), {}).services).toEqual({ auth: { listen: '127.0.0.1:50051' } });
    const client = loadSettings(grpcClientSettings('pdf'), { AUTH_SERVICE_TARGET: 'nonsense', WIZARD_SERVICE_ADDR: 'nonsense' });
    expect(client.services).toEqual({ pdf: { target: '127.0.0.1:50053' } });
  });

  it('takes unix socket paths, and refuses relative or overlong ones', () => {
    const config = loadSettings([grpcServerSettings('wizard'), grpcClientSettings('wizard')], {
      WIZARD_SERVICE_ADDR: 'unix:/run/evalplan/wizard.sock',
      WIZARD_SERVICE_TARGET: 'unix:/run/evalplan/wizard.sock',
    });
    expect(config.services.wizard).toEqual({ listen: 'unix:/run/evalplan/wizard.sock', target: 'unix:/run/evalplan/wizard.sock' });
    expect(configProblems(grpcServerSettings('auth'), { AUTH_SERVICE_ADDR: 'unix:relative.sock' })).toEqual([
      expect.stringMatching(/AUTH_SERVICE_ADDR must be unix: followed by an absolute path/),
    ]);
    expect(configProblems(grpcServerSettings('auth'), { AUTH_SERVICE_ADDR: `unix:/${'a'.repeat(120)}` })).toHaveLength(1);
    expect(configProblems(grpcServerSettings('auth'), { AUTH_SERVICE_ADDR: 'localhost' })).toEqual([
      'AUTH_SERVICE_ADDR must be host:port (got "localhost")',
    ]);
  });

  it('a target may name several replicas, or one name for all of them', () => {
    const config = loadSettings(grpcClientSettings('wizard', 'auth'), {
      WIZARD_SERVICE_TARGET: '10.0.0.5:50052, 10.0.0.6:50052,[fd00::7]:50052',
      AUTH_SERVICE_TARGET: 'auth-service.evalplan.svc.cluster.local:50051',
    });
    expect(config.services.wizard.target).toBe('10.0.0.5:50052,10.0.0.6:50052,[fd00::7]:50052');
    expect(config.services.auth.target).toBe('auth-service.evalplan.svc.cluster.local:50051');
    const pdf = grpcClientSettings('pdf');
    expect(configProblems(pdf, { PDF_SERVICE_TARGET: '10.0.0.5:50053,,' })).toEqual([
      expect.stringContaining('several separated by commas'),
    ]);
    expect(configProblems(pdf, { PDF_SERVICE_TARGET: 'a:1,b:99999' })).toEqual([expect.stringContaining('PDF_SERVICE_TARGET')]);
  });

  it('GRPC_MAX_MESSAGE_SIZE: 4 MiB by default, larger when asked, never smaller (activity batches reach 3 MiB)', () => {
    const server = grpcServerSettings('activity');
    expect(loadSettings(server, {}).grpcMaxMessageBytes).toBe(4 * 1024 * 1024);
    expect(loadSettings(server, { GRPC_MAX_MESSAGE_SIZE: '16MiB' }).grpcMaxMessageBytes).toBe(16 * 1024 * 1024);
    expect(configProblems([server, grpcClientSettings('auth')], { GRPC_MAX_MESSAGE_SIZE: '1MiB' })).toEqual([
      expect.stringContaining('at least 4194304 bytes'),
    ]);
  });

  it('GRPC_CONNECT_TIMEOUT, GRPC_KEEPALIVE_TIME and GRPC_KEEPALIVE_TIMEOUT: 2 s, 30 s and 10 s unless set; durations only', () => {
    const client = grpcClientSettings('auth');
    const defaults = loadSettings(client, {});
    expect([defaults.grpcConnectTimeoutMs, defaults.grpcKeepaliveMs, defaults.grpcKeepaliveTimeoutMs]).toEqual([2_000, 30_000, 10_000]);
    const set = loadSettings(client, { GRPC_CONNECT_TIMEOUT: '500ms', GRPC_KEEPALIVE_TIME: '1m', GRPC_KEEPALIVE_TIMEOUT: '5s' });
    expect([set.grpcConnectTimeoutMs, set.grpcKeepaliveMs, set.grpcKeepaliveTimeoutMs]).toEqual([500, 60_000, 5_000]);
    expect(configProblems(client, { GRPC_KEEPALIVE_TIME: 'often' })).toEqual([expect.stringContaining('GRPC_KEEPALIVE_TIME')]);
  });
});
