import pg from 'pg';
import { isDependencyFailure } from '../dependencies/failures';
import { createLogger } from '../logging/logger';
import { openDatabase } from './database';
import type { Database } from './queryable';
import { withTransaction } from './transaction';

const logger = createLogger({ name: 'test', level: 'silent' });
const databaseUrl = process.env.EVALPLAN_TEST_DATABASE_URL!;

/** Ends every server connection of this process's application_name but the admin's own, as a PostgreSQL restart does. */
async function terminateBackends(admin: pg.Client): Promise<number> {
  const { rowCount } = await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'evalplan' AND pid <> pg_backend_pid()`,
  );
  return rowCount ?? 0;
}

describe('a PostgreSQL connection lost in the middle of work (services mode database)', () => {
  let db: Database;
  const admin = new pg.Client({ connectionString: databaseUrl, application_name: 'evalplan-test-admin' });

  beforeAll(async () => {
    await admin.connect();
    db = await openDatabase({ url: databaseUrl, dataDir: '/nonexistent', poolSize: 4, logger });
  });
  afterAll(async () => {
    await db.close();
    await admin.end();
  });

  it('fails the transaction that held it, not the process, and the pool works again at once', async () => {
    const crashes: unknown[] = [];
    const onUncaught = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // A transaction holds a checked-out connection (no pool listener on it) while PostgreSQL drops it.
      const held = withTransaction(db.pool, async (client) => {
        await client.query('SELECT pg_sleep(5)');
      }).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await terminateBackends(admin)).toBeGreaterThan(0);
      const failure = await held;
      expect(failure).toBeInstanceOf(Error);
      // Known for what it is: an outage (503), not a bug (500).
      expect(isDependencyFailure(failure)).toBe(true);
      // The socket's own 'error' event comes after the query's rejection: give it the chance to crash us.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(crashes).toEqual([]);
      expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await expect(db.ping(1_000)).resolves.toBeUndefined();
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('survives idle connections and the readiness connection being dropped too', async () => {
    await Promise.all([db.pool.query('SELECT 1'), db.pool.query('SELECT 1'), db.ping(1_000)]);
    expect(await terminateBackends(admin)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(db.ping(1_000)).resolves.toBeUndefined();
    expect((await db.pool.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });
});
