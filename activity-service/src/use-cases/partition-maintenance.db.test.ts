import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type Database, inBatches, openDatabase, runMigrations } from '@evalplan/common/db';
import { createLogger } from '@evalplan/common/logging';
import { freshDataDir, testEnv } from '../../../test/helpers/env';
import { loadActivityConfig } from '../config';
import { toCopyLine } from '../domain/events';
import { type Month, monthOf, partitionNameOf } from '../domain/partitions';
import type { ActivityEventRow } from '../repositories/activity-row';
import { eventsRepository } from '../repositories/events';
import { userEventsRepository } from '../repositories/user-events';
import { createActivityService } from '../server';
import { PartitionMaintenance } from './partition-maintenance';

const logger = createLogger({ name: 'test', level: 'silent' });
const MIGRATIONS = path.resolve(__dirname, '../../migrations');
const engine = testEnv.mode === 'services' ? 'PostgreSQL' : 'PGlite';

/** Where a database of a test's own lives: a PostgreSQL database (services mode) or a PGlite data directory (embedded). */
interface Place {
  env: Record<string, string>;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: process.env.EVALPLAN_TEST_PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Partitions belong to the whole table: each test gets a database of its own, not the run's shared one. */
async function newPlace(): Promise<Place> {
  if (testEnv.mode === 'services') {
    const name = `${process.env.EVALPLAN_TEST_DB_NAME}_parts_${randomUUID().slice(0, 8)}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(testEnv.databaseUrl);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      open: () => openDatabase({ url: url.toString(), dataDir: '/nonexistent', poolSize: 4, logger }),
      remove: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dataDir = await freshDataDir();
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ url: undefined, dataDir, poolSize: 4, logger }),
    remove: async () => undefined,
  };
}

/** The service's migrations up to `version` only: a database as an older release left it. */
async function migrationsUpTo(version: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'activity-migrations-'));
  for (const file of await readdir(MIGRATIONS)) {
    if (file.endsWith('.sql') && Number(file.slice(0, 3)) <= version) await copyFile(path.join(MIGRATIONS, file), path.join(dir, file));
  }
  return dir;
}

const migrate = (db: Database, directory = MIGRATIONS) => runMigrations(db.pool, { service: 'activity', directory, logger });

function event(createdAt: Date, fields: Partial<ActivityEventRow> = {}): ActivityEventRow {
  return {
    id: randomUUID(),
    event_type: 'api_request',
    user_id: null,
    session_id: null,
    project_id: null,
    method: 'GET',
    path: '/api/v1/projects',
    status_code: 200,
    duration_ms: 1.5,
    metadata: { n: 1 },
    created_at: createdAt.toISOString(),
    ...fields,
  };
}

const copyOf = (rows: ActivityEventRow[]) => Buffer.from(rows.map(toCopyLine).join(''));
/** `days` into `month`, at noon UTC. */
const dayOf = (month: Month, days = 0) => new Date(month.start.getTime() + days * 86_400_000 + 12 * 3_600_000);

async function partitionNames(db: Database): Promise<string[]> {
  const { rows } = await db.pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'activity_events'::regclass ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** Which partition holds each row, by id. */
async function placement(db: Database): Promise<Record<string, string>> {
  const { rows } = await db.pool.query<{ id: string; partition: string }>(
    `SELECT id, tableoid::regclass::text AS partition FROM activity_events`,
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.partition]));
}

const countRows = async (db: Database): Promise<number> =>
  (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_events')).rows[0]!.n;

const thisMonth = monthOf(new Date());
const month = (offset: number) => monthOf(thisMonth.start, offset);
const name = (offset: number) => partitionNameOf(month(offset));
const THIRTEEN_MONTHS = { retention: { months: 13, days: 0 }, lockTimeoutMs: 5000 } as const;

describe(`activity_events partitioned by month (${engine})`, () => {
  let place: Place;
  let db: Database;

  beforeEach(async () => {
    place = await newPlace();
    db = await place.open();
  });
  afterEach(async () => {
    await db.close();
    await place.remove();
  });

  it('migration 004 converts a table holding months of rows without losing or changing one', async () => {
    await migrate(db, await migrationsUpTo(3));
    const user = randomUUID();
    // Eight months back to now, an event every five days, some with a user, session and project; one with no finite time.
    const old = Array.from({ length: 50 }, (_, n) =>
      event(new Date(month(-8).start.getTime() + n * 5 * 86_400_000 + 1234), {
        user_id: n % 3 === 0 ? user : null,
        session_id: n % 4 === 0 ? `s-${n}` : null,
        project_id: n % 5 === 0 ? randomUUID() : null,
        metadata: { n, text: 'ünï 😀' },
      }),
    );
    await eventsRepository.copyRows(db.pool, copyOf(old));
    await db.pool.query(
      `INSERT INTO activity_events (id, event_type, method, path, created_at) VALUES ($1, 'api_request', 'GET', '/', 'infinity')`,
      [randomUUID()],
    );
    const everyRow = `SELECT to_jsonb(e) AS row FROM activity_events e ORDER BY id`;
    const before = (await db.pool.query(everyRow)).rows;

    expect(await migrate(db)).toBeGreaterThanOrEqual(1);

    expect((await db.pool.query(everyRow)).rows).toEqual(before);
    const months = [...new Set(old.map((row) => partitionNameOf(monthOf(new Date(row.created_at)))))];
    expect(months.length).toBeGreaterThanOrEqual(8);
    // Every month of the old rows, and the current one and three ahead, has a partition; the row without a month is in the default.
    expect(await partitionNames(db)).toEqual(
      [...new Set([...months, name(0), name(1), name(2), name(3), 'activity_events_default'])].sort(),
    );
    const where = await placement(db);
    for (const row of old) expect(where[row.id]).toBe(partitionNameOf(monthOf(new Date(row.created_at))));
    expect(Object.values(where).filter((partition) => partition === 'activity_events_default')).toHaveLength(1);
  });

  describe('after the migrations', () => {
    beforeEach(() => migrate(db));

    it('stores a batch by COPY into the partitions of its rows’ months, and a retried batch once', async () => {
      const batch = [event(dayOf(month(0), 1)), event(dayOf(month(1), 2)), event(dayOf(month(-30)))];
      expect(await eventsRepository.copyRows(db.pool, copyOf(batch))).toBe(3);
      expect(await placement(db)).toEqual({
        [batch[0]!.id]: name(0),
        [batch[1]!.id]: name(1),
        [batch[2]!.id]: 'activity_events_default',
      });
      // The retry: COPY refuses the rows already stored, the row-by-row path skips them.
      await expect(eventsRepository.copyRows(db.pool, copyOf(batch))).rejects.toMatchObject({ code: '23505' });
      expect(await eventsRepository.insertRows(db.pool, [...batch, event(dayOf(month(0)))])).toBe(1);
      expect(await countRows(db)).toBe(4);
    });

    it('creates the current month and the three after it, each once when replicas run together', async () => {
      // Five months on: the migration's partitions no longer reach far enough.
      const later = dayOf(month(5), 3);
      const replicas = [new PartitionMaintenance(db.pool, THIRTEEN_MONTHS), new PartitionMaintenance(db.pool, THIRTEEN_MONTHS)];
      const reports = await Promise.all(replicas.map((replica) => replica.run(later)));
      expect(reports.flatMap((report) => report.created).sort()).toEqual([name(5), name(6), name(7), name(8)]);
      expect(await partitionNames(db)).toEqual(expect.arrayContaining([name(3), name(5), name(8)]));
      expect(await partitionNames(db)).not.toContain(name(4));
      expect(await partitionNames(db)).not.toContain(name(9));
      // Nothing left to do.
      expect((await replicas[0]!.run(later)).created).toEqual([]);
      // A created partition takes rows at once, with the parent's key and indexes.
      const row = event(dayOf(month(7), 9));
      expect(await eventsRepository.copyRows(db.pool, copyOf([row]))).toBe(1);
      expect(await placement(db)).toEqual({ [row.id]: name(7) });
      const { rows } = await db.pool.query<{ indexes: number }>(
        `SELECT count(*)::int AS indexes FROM pg_index WHERE indrelid = $1::regclass`,
        [name(7)],
      );
      expect(rows[0]!.indexes).toBe(5);
    });

    it('moves rows stored in the default partition into the partition created for their month', async () => {
      const early = [event(dayOf(month(6), 0)), event(dayOf(month(6), 20))];
      const neighbour = event(dayOf(month(9), 1));
      await eventsRepository.copyRows(db.pool, copyOf([...early, neighbour]));
      expect(new Set(Object.values(await placement(db)))).toEqual(new Set(['activity_events_default']));

      const report = await new PartitionMaintenance(db.pool, THIRTEEN_MONTHS).run(dayOf(month(6), 10));
      expect(report.created).toEqual([name(6), name(7), name(8), name(9)]);
      expect(report.movedFromDefault).toBe(3);
      expect(await placement(db)).toEqual({ [early[0]!.id]: name(6), [early[1]!.id]: name(6), [neighbour.id]: name(9) });
    });

    it('drops the partitions past the retention, deletes old rows from the default one, and keeps the rest', async () => {
      const rows = [0, 0, 0, 1, 2, 3].map((offset, n) => event(dayOf(month(offset), n)));
      const ancient = event(dayOf(month(-40)));
      const recentInDefault = event(dayOf(month(13), 5));
      await eventsRepository.copyRows(db.pool, copyOf([...rows, ancient, recentInDefault]));
      await db.pool.query('ANALYZE activity_events');

      // Fourteen months on, thirteen kept: the current month's partition ends before the cutoff, the next one after it.
      const report = await new PartitionMaintenance(db.pool, THIRTEEN_MONTHS).run(dayOf(month(14), 2));
      expect(report.dropped).toEqual([name(0)]);
      expect(report.droppedRowsEstimate).toBe(3);
      expect(report.deletedFromDefault).toBe(1);
      expect(report.created).toEqual([name(14), name(15), name(16), name(17)]);
      const names = await partitionNames(db);
      expect(names).not.toContain(name(0));
      expect(names).toEqual(expect.arrayContaining([name(1), name(2), name(3)]));
      expect(Object.keys(await placement(db)).sort()).toEqual([rows[3]!.id, rows[4]!.id, rows[5]!.id, recentInDefault.id].sort());

      // Retention off: nothing is dropped, however old.
      const keepAll = await new PartitionMaintenance(db.pool, { retention: 'off', lockTimeoutMs: 5000 }).run(dayOf(month(60)));
      expect(keepAll).toMatchObject({ dropped: [], deletedFromDefault: 0 });
      expect(await countRows(db)).toBe(4);
    });

    it('exports and forgets a user’s events across partitions, and never another row with the same id', async () => {
      const user = randomUUID();
      const theirs = [0, 1, 2, 2, 3].map((offset, n) => event(dayOf(month(offset), n), { user_id: user }));
      // Another user's row that happens to carry the same id at another time (ids are unique only with their time).
      const other = event(dayOf(month(1), 7), { id: theirs[0]!.id, user_id: randomUUID() });
      await eventsRepository.copyRows(db.pool, copyOf([...theirs, other]));

      const seen: string[] = [];
      let page = await userEventsRepository.page(db.pool, user, undefined, 2);
      for (;;) {
        seen.push(...page.rows.map((row) => row.created_at_iso));
        if (page.rows.length < 2) break;
        page = await userEventsRepository.page(db.pool, user, page.next, 2);
      }
      expect(seen).toEqual(theirs.map((row) => row.created_at));

      expect(await inBatches(2, (size) => userEventsRepository.forgetBatch(db.pool, user, size))).toBe(5);
      const { rows } = await db.pool.query<{ user_id: string | null }>(`SELECT user_id FROM activity_events WHERE created_at = $1`, [
        other.created_at,
      ]);
      expect(rows).toEqual([{ user_id: other.user_id }]);
    });

    it('finds one user’s and one type’s events over time through each partition’s indexes', async () => {
      const client = await db.pool.connect();
      const planOf = async (sql: string) =>
        (await client.query<Record<string, string>>(`EXPLAIN ${sql}`)).rows.map((row) => Object.values(row).join(' ')).join('\n');
      try {
        // Empty partitions: a sequential scan would win; this asks which indexes the queries can use.
        await client.query('SET enable_seqscan = off');
        const lastWeek = `created_at > now() - interval '7 days'`;
        const byUser = await planOf(`SELECT * FROM activity_events WHERE user_id = '${randomUUID()}' AND ${lastWeek}`);
        expect(byUser).toContain(`${name(0)}_user_id_created_at_idx`);
        const byType = await planOf(`SELECT count(*) FROM activity_events WHERE event_type = 'user_login' AND ${lastWeek}`);
        expect(byType).toContain(`${name(0)}_event_type_created_at_idx`);
        // Plain requests over time: the key, which starts with the time; only the partitions the range can touch.
        const plain = await planOf(
          `SELECT count(*) FROM activity_events WHERE event_type = 'api_request' AND created_at >= '${month(2).start.toISOString()}'`,
        );
        expect(plain).toContain(`${name(2)}_pkey`);
        expect(plain).not.toContain('event_type_created_at');
        expect(plain).not.toContain(name(1));
      } finally {
        await client.query('RESET enable_seqscan');
        client.release();
      }
    });
  });
});

describe(`activity-service keeps the partitions (${engine})`, () => {
  it('creates a missing coming month’s partition when it starts', async () => {
    const place = await newPlace();
    try {
      const before = await place.open();
      await migrate(before);
      await before.pool.query(`DROP TABLE ${name(3)}`);
      await before.close();

      const env = { DATA_DIR: await freshDataDir(), ...place.env, NODE_ENV: 'test', ACTIVITY_SERVICE_ADDR: '127.0.0.1:0' };
      const service = createActivityService(loadActivityConfig(env), logger);
      await service.start();
      // stop() waits for the maintenance run the start began.
      await service.stop();

      const after = await place.open();
      const names = await partitionNames(after);
      await after.close();
      expect(names).toContain(name(3));
    } finally {
      await place.remove();
    }
  });
});
