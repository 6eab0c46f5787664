import { cp, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { CLIENT_LIMITS_OFF } from '@evalplan/gateway';
import { EPHEMERAL_PORTS_ENV } from '@evalplan/stack';
import { Client } from 'pg';

/** Values global-setup prepared for this run. */
export const testEnv = {
  mode: process.env.TEST_MODE === 'services' ? 'services' : 'embedded',
  databaseUrl: process.env.EVALPLAN_TEST_DATABASE_URL!,
  redisUrl: process.env.EVALPLAN_TEST_REDIS_URL!,
  workDir: process.env.EVALPLAN_TEST_WORK_DIR!,
  pgliteTemplate: process.env.EVALPLAN_TEST_PGLITE_TEMPLATE!,
} as const;

/**
 * The run's Redis, but one of its numbered databases: for a stack whose counters must not meet
 * those of other stacks running at the same time (rate-limit keys name only the client address,
 * and every stack's requests come from 127.0.0.1). Each caller picks a number of its own.
 */
export function redisDatabase(index: number): string {
  const url = new URL(testEnv.redisUrl);
  url.pathname = `/${index}`;
  return url.toString();
}

/** A fresh DATA_DIR holding an initialised PGlite database (copied, not re-created). */
export async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(testEnv.workDir, 'data-'));
  await cp(testEnv.pgliteTemplate, path.join(dir, 'pglite'), { recursive: true });
  return dir;
}

/**
 * The gateway's limits per client, all off: every stack's requests come from 127.0.0.1 and, in services mode,
 * count in one Redis, so a test suite would soon pass a limit meant for one address. Tests of the limits set them.
 */
export { CLIENT_LIMITS_OFF };

/** Environment for a component under test: the run's mode, ephemeral ports, quiet logs. */
export async function baseEnv(overrides: Record<string, string | undefined> = {}): Promise<Record<string, string | undefined>> {
  const storage =
    testEnv.mode === 'services'
      ? { DATABASE_URL: testEnv.databaseUrl, REDIS_URL: testEnv.redisUrl, DATA_DIR: await freshDataDir() }
      : { DATA_DIR: await freshDataDir() };
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Cheap hashing and no rate limits unless a test asks for them.
    BCRYPT_COST: '4',
    AUTH_RATE_LIMIT_PER_IP: '0',
    AUTH_RATE_LIMIT_PER_EMAIL: '0',
    AUTH_RATE_LIMIT_PER_IP_HOURLY: '0',
    AUTH_RATE_LIMIT_PER_EMAIL_HOURLY: '0',
    ...CLIENT_LIMITS_OFF,
    ...EPHEMERAL_PORTS_ENV,
    ...storage,
    ...overrides,
  };
}

/** One statement as the run's PostgreSQL administrator (CREATE or DROP DATABASE for a test's own database). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: process.env.EVALPLAN_TEST_PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
