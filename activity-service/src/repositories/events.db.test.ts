import { type Database, openDatabase } from '@evalplan/common/db';
import { createLogger } from '@evalplan/common/logging';
import { TcpProxy } from '../../../test/helpers/tcp-proxy';
import { eventsRepository } from './events';

// Against this run's PostgreSQL database (both test modes have one), through a proxy that can cut it.
describe('eventsRepository.copyRows when PostgreSQL goes away', () => {
  const url = process.env.EVALPLAN_TEST_DATABASE_URL!;
  const proxy = TcpProxy.forUrl(url);
  let database: Database;

  beforeAll(async () => {
    await proxy.start();
    // The pool the service runs on: every connection it opens has its errors heard (common/src/db/database.ts).
    database = await openDatabase({
      url: proxy.urlFor(url),
      dataDir: '/nonexistent',
      poolSize: 1,
      logger: createLogger({ name: 'test', level: 'silent' }),
    });
  });
  afterAll(async () => {
    await database.close();
    await proxy.stop();
  });

  it('fails the COPY of a connection lost while idle in the pool, and nothing else (no error event left unheard)', async () => {
    const { pool } = database;
    await pool.query('SELECT 1'); // one idle connection, handed out again next
    await proxy.cut();
    // Without a listener on the checked-out client, its 'error' event would end the process (here: fail the test).
    await expect(eventsRepository.copyRows(pool, Buffer.from('x\n'))).rejects.toThrow(/Connection terminated|ECONNREFUSED/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await proxy.restore();
    // The broken connection was discarded: the next call gets a working one.
    await expect(pool.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});
