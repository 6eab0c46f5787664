import { configProblems } from '@evalplan/common/config';
import { loadStackConfig, stackSettings } from './config';

describe('the all-in-one configuration', () => {
  it('holds what every component reads, from one environment', () => {
    const config = loadStackConfig({ DATA_DIR: '/srv/evalplan' });
    expect(config).toMatchObject({ port: 8080, bcryptCost: 12, sessionTtlMs: 48 * 3_600_000, s3: undefined });
    expect(config.activity).toMatchObject({ enabled: true, spoolDir: '/srv/evalplan/activity-spool' });
    expect(config.services.auth).toEqual({ listen: '127.0.0.1:50051', target: '127.0.0.1:50051' });
  });

  it('reports every problem of every component at once, each once', () => {
    const problems = configProblems(stackSettings, {
      PORT: '99999',
      BCRYPT_COST: 'high',
      SESSION_TTL: '2 days',
      S3_ENDPOINT: 'http://minio:9000',
      ACTIVITY_SPOOL_MAX_BYTES: 'lots',
      GRPC_MAX_MESSAGE_SIZE: '1MiB',
      NODE_ENV: 'production',
    });
    expect(problems).toEqual([
      expect.stringContaining('GRPC_MAX_MESSAGE_SIZE'),
      expect.stringContaining('JWT_SECRET is required'),
      expect.stringContaining('PORT'),
      expect.stringContaining('BCRYPT_COST'),
      expect.stringContaining('PASSWORD_HASH_KEY is required'),
      expect.stringContaining('SESSION_TTL'),
      expect.stringContaining('must be set together'),
      expect.stringContaining('ACTIVITY_SPOOL_MAX_BYTES'),
    ]);
  });
});
