import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Connection, type Database, inBatches, openDatabase, runMigrations, withTransaction } from '@evalplan/common/db';
import { createLogger } from '@evalplan/common/logging';
import { adminQuery as admin, freshDataDir, testEnv } from '../../../test/helpers/env';
import { BatchStore } from './batch-store';
import { loadActivityConfig } from '../config';
import { toCopyLine } from '../domain/events';
import { type Month, monthOf, partitionNameOf } from '../domain/partitions';
import type { ActivityEventRow } from '../domain/activity-row';
import { eventsRepository } from '../repositories/events';
import { partitionsRepository } from '../repositories/partitions';
import { EXPORT_PAGE_QUERIES, userEventsRepository } from '../repositories/user-events';
import { createActivityService } from '../server';
import { PartitionMaintenance, type PartitionMaintenanceOptions } from './partition-maintenance';

const logger = createLogger({ name: 'test', level: 'silent' });
const MIGRATIONS = path.resolve(__dirname, '../../migrations');
const engine = testEnv.mode === 'services' ? 'PostgreSQL' : 'PGlite';

/** Where a database of a test's own lives: a PostgreSQL database (services mode) or a PGlite data directory (embedded). */
interface Place {
  env: Record<string, string>;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

/** Partitions belong to the whole table: each test gets a database of its own, not the run's shared one. */
async function newPlace(on: 'PostgreSQL' | 'PGlite' = engine): Promise<Place> {
  if (on === 'PostgreSQL') {
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
const THIRTEEN_MONTHS: PartitionMaintenanceOptions = {
  retention: { months: 13, days: 0 },
  lockTimeoutMs: 300,
  lockAttempts: 5,
  retryDelayMs: 100,
  logger,
};

/** `work` in a maintenance step's transaction, as PartitionMaintenance runs it (without waiting for the advisory lock). */
const inStep = <T>(db: Database, work: (step: Connection) => Promise<T>): Promise<T> =>
  withTransaction(db.pool, async (step) => {
    await partitionsRepository.begin(step, 1000);
    return work(step);
  });

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

  /**
   * Concurrency and lock waits need several connections at once, which PGlite
   * does not serve (one at a time): these run on a PostgreSQL database of their
   * own in both modes (the run has one in embedded mode too).
   */
  const onPostgres = (title: string, test: () => Promise<void>) =>
    it(title, async () => {
      if (engine === 'PostgreSQL') return test();
      const postgres = await newPlace('PostgreSQL');
      const embedded = db;
      db = await postgres.open();
      try {
        await migrate(db);
        await test();
      } finally {
        await db.close();
        db = embedded;
        await postgres.remove();
      }
    });

  it('migration 004 makes the old table a partition without copying a row, its indexes kept', async () => {
    await migrate(db, await migrationsUpTo(3));
    const user = randomUUID();
    // Eight months back to the current one, an event every five days, some with a user, session and project.
    const old = Array.from({ length: 50 }, (_, n) =>
      event(new Date(month(-8).start.getTime() + n * 5 * 86_400_000 + 1234), {
        user_id: n % 3 === 0 ? user : null,
        session_id: n % 4 === 0 ? `s-${n}` : null,
        project_id: n % 5 === 0 ? randomUUID() : null,
        metadata: { n, text: 'ünï 😀' },
      }),
    ).filter((row) => new Date(row.created_at) < month(1).start);
    // A clock far ahead: a row of a later month, and one with no finite time.
    const ahead = event(dayOf(month(2), 3));
    await eventsRepository.copyRows(db.pool, copyOf([...old, ahead]));
    const infinite = randomUUID();
    await db.pool.query(
      `INSERT INTO activity_events (id, event_type, method, path, created_at) VALUES ($1, 'api_request', 'GET', '/', 'infinity')`,
      [infinite],
    );
    // The key's index built beforehand (as CREATE INDEX CONCURRENTLY would, writes going on): the migration uses it.
    await db.pool.query(`CREATE UNIQUE INDEX activity_events_legacy_created_at_id ON activity_events (created_at, id)`);
    const storage = `SELECT relname AS name, oid::int AS oid, relfilenode::int AS file FROM pg_class
                      WHERE relname IN ('activity_events', 'activity_events_legacy', 'activity_events_type_created_at',
                                        'activity_events_legacy_type_created_at', 'activity_events_session', 'activity_events_legacy_session',
                                        'activity_events_project', 'activity_events_legacy_project', 'activity_events_legacy_created_at_id',
                                        'activity_events_legacy_pkey')`;
    const byFile = async () =>
      new Map((await db.pool.query<{ name: string; oid: number; file: number }>(storage)).rows.map((r) => [r.file, r]));
    const everyRow = `SELECT to_jsonb(e) AS row FROM activity_events e ORDER BY id`;
    const before = (await db.pool.query(everyRow)).rows;
    const filesBefore = await byFile();

    expect(await migrate(db)).toBeGreaterThanOrEqual(1);

    expect((await db.pool.query(everyRow)).rows).toEqual(before);
    // The same table and index files, under their new names: nothing copied, nothing rebuilt.
    const filesAfter = await byFile();
    const renamed = Object.fromEntries([...filesBefore].map(([file, was]) => [was.name, filesAfter.get(file)?.name]));
    expect(renamed).toEqual({
      activity_events: 'activity_events_legacy',
      activity_events_type_created_at: 'activity_events_legacy_type_created_at',
      activity_events_session: 'activity_events_legacy_session',
      activity_events_project: 'activity_events_legacy_project',
      activity_events_legacy_created_at_id: 'activity_events_legacy_pkey',
    });
    const { rows: attached } = await db.pool.query<{ index: string; parent: string }>(
      `SELECT i.inhrelid::regclass::text AS index, i.inhparent::regclass::text AS parent FROM pg_inherits i
        WHERE i.inhrelid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'activity_events_legacy'::regclass) ORDER BY 1`,
    );
    expect(attached).toEqual([
      { index: 'activity_events_legacy_pkey', parent: 'activity_events_pkey' },
      { index: 'activity_events_legacy_project', parent: 'activity_events_project' },
      { index: 'activity_events_legacy_session', parent: 'activity_events_session' },
      { index: 'activity_events_legacy_type_created_at', parent: 'activity_events_type_created_at' },
      { index: 'activity_events_legacy_user_created_at_id', parent: 'activity_events_user_created_at' },
    ]);

    // The old table takes every time up to the month after its newest row; months from there on, to three ahead, are partitions.
    const legacyEnd = monthOf(new Date(old[old.length - 1]!.created_at), 1);
    const months = Array.from({ length: 4 }, (_, n) => monthOf(legacyEnd.start, n)).filter((m) => m.start < month(4).start);
    expect(await partitionNames(db)).toEqual(['activity_events_default', 'activity_events_legacy', ...months.map(partitionNameOf)].sort());
    const where = await placement(db);
    for (const row of old) expect(where[row.id]).toBe('activity_events_legacy');
    expect(where[ahead.id]).toBe(name(2));
    expect(where[infinite]).toBe('activity_events_default');
    const legacy = (await inStep(db, (step) => partitionsRepository.list(step))).find((p) => p.name === 'activity_events_legacy');
    expect(legacy).toMatchObject({ startMs: null, endMs: legacyEnd.start.getTime() });

    // Dropped whole once its newest month is past the retention, with every row of it.
    const report = await new PartitionMaintenance(db.pool, THIRTEEN_MONTHS).run(dayOf(monthOf(legacyEnd.start, 13), 1));
    expect(report.dropped[0]).toBe('activity_events_legacy');
    expect(report.failed).toEqual([]);
    expect(Object.keys(await placement(db)).sort()).toEqual([ahead.id, infinite].sort());
  });

  it('migration 004 on an empty table: the current month and three ahead, no old table', async () => {
    await migrate(db);
    expect(await partitionNames(db)).toEqual([name(0), name(1), name(2), name(3), 'activity_events_default'].sort());
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
      // Five months on: the migration's partitions no longer reach far enough. On PostgreSQL the two contend for the
      // advisory lock; PGlite serves one connection at a time, so there they only take turns and the lock is never contended.
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
      const keepAll = await new PartitionMaintenance(db.pool, { ...THIRTEEN_MONTHS, retention: 'off' }).run(dayOf(month(60)));
      expect(keepAll).toMatchObject({ dropped: [], deletedFromDefault: 0 });
      expect(await countRows(db)).toBe(4);
    });

    it('leaves a step that fails to the next run and does the others', async () => {
      // A plain table under the name month 17's partition takes: creating that one fails.
      await db.pool.query(`CREATE TABLE ${name(17)} (x integer)`);
      const expiredInDefault = event(dayOf(month(-30)));
      await eventsRepository.copyRows(db.pool, copyOf([event(dayOf(month(0))), expiredInDefault]));

      const report = await new PartitionMaintenance(db.pool, THIRTEEN_MONTHS).run(dayOf(month(14), 2));
      expect(report).toMatchObject({
        created: [name(14), name(15), name(16)],
        failed: [`create ${name(17)}`],
        dropped: [name(0)],
        deletedFromDefault: 1,
      });
    });

    it('reads partition bounds in UTC whatever the session’s DateStyle and TimeZone', async () => {
      // Printed as 'Tue Dec 01 05:30:00 2026 IST', which reads back as Israel's time: 3.5 hours off.
      if (engine === 'PGlite') {
        // One session, which openDatabase set to UTC: set on it.
        await db.pool.query(`SET DateStyle = 'Postgres, DMY'; SET TimeZone = 'Asia/Kolkata'`);
      } else {
        // Every connection of the pool: the database's defaults.
        await db.pool.query(`DO $$ BEGIN
                               EXECUTE format('ALTER DATABASE %I SET DateStyle = %L', current_database(), 'Postgres, DMY');
                               EXECUTE format('ALTER DATABASE %I SET TimeZone = %L', current_database(), 'Asia/Kolkata');
                             END $$`);
        await db.close();
        db = await place.open();
      }
      expect((await db.pool.query<{ TimeZone: string }>('SHOW TimeZone')).rows[0]!.TimeZone).toBe('Asia/Kolkata');

      // An hour past the cutoff for the current month's partition, which ends at the next month's start.
      const report = await new PartitionMaintenance(db.pool, THIRTEEN_MONTHS).run(new Date(month(14).start.getTime() + 3_600_000));
      expect(report.dropped).toEqual([name(0)]);
      const listed = await inStep(db, (step) => partitionsRepository.list(step));
      expect(listed.find((partition) => partition.name === name(1))).toMatchObject({
        startMs: month(1).start.getTime(),
        endMs: month(2).start.getTime(),
      });
    });

    it('reads a user’s next export page through the user index, with a generic plan, among many rows', async () => {
      // 40 000 rows of 400 users over three months (the one before the current month in the default partition).
      await db.pool.query(
        `INSERT INTO activity_events (id, event_type, method, path, user_id, created_at)
         SELECT gen_random_uuid(), 'api_request', 'GET', '/', ('00000000-0000-4000-8000-' || lpad((g % 400)::text, 12, '0'))::uuid,
                $1::timestamptz + g * interval '3 minutes'
           FROM generate_series(1, 40000) AS g`,
        [month(-1).start.toISOString()],
      );
      await db.pool.query('ANALYZE activity_events');
      const client = await db.pool.connect();
      try {
        // The plan a prepared statement settles on after five executions, made at once: it knows no user and no cursor.
        await client.query('SET plan_cache_mode = force_generic_plan');
        await client.query(`PREPARE next_page (uuid, integer, timestamptz, uuid) AS ${EXPORT_PAGE_QUERIES.next}`);
        const { rows } = await client.query<Record<string, string>>(
          `EXPLAIN EXECUTE next_page('00000000-0000-4000-8000-000000000007', 500, '${dayOf(month(0), 3).toISOString()}', '${randomUUID()}')`,
        );
        const plan = rows.map((row) => Object.values(row).join(' ')).join('\n');
        expect(plan).toContain(`${name(0)}_user_id_created_at_id_idx`);
        expect(plan).not.toContain('_pkey');
        expect(plan).not.toMatch(/(?:^|->) *(?:Incremental )?Sort +\(|Seq Scan/m);
      } finally {
        await client.query('DEALLOCATE ALL');
        await client.query('RESET plan_cache_mode');
        client.release();
      }
    });

    onPostgres('creates the current month’s partition while writers keep storing rows of it, each row once', async () => {
      // Rows of the current month go to the default partition until its partition is there again.
      await db.pool.query(`DROP TABLE ${name(0)}`);
      const refusals: string[] = [];
      const batches = new BatchStore(
        db,
        createLogger({ name: 'test', level: 'warn', destination: { write: (line: string) => refusals.push(line) } }),
      );
      const span = thisMonth.end.getTime() - thisMonth.start.getTime();
      const written: string[] = [];
      let writing = true;
      const writer = async (): Promise<void> => {
        while (writing) {
          const rows = Array.from({ length: 200 }, () => event(new Date(thisMonth.start.getTime() + Math.floor(Math.random() * span))));
          await batches.store(copyOf(rows));
          written.push(...rows.map((row) => row.id));
        }
      };
      // Three writers on three connections, the maintenance on the fourth.
      const writers = [writer(), writer(), writer()];
      await sleep(300);
      const report = await new PartitionMaintenance(db.pool, THIRTEEN_MONTHS).run(new Date());
      await sleep(300);
      writing = false;
      await Promise.all(writers);

      expect(report).toMatchObject({ created: [name(0)], failed: [] });
      expect(report.movedFromDefault).toBeGreaterThan(0);
      const stored = await placement(db);
      expect(Object.keys(stored).sort()).toEqual([...written].sort());
      expect(new Set(Object.values(stored))).toEqual(new Set([name(0)]));
      // Writers queued behind the lock were refused with 23514 (the default partition no longer takes the month), nothing else;
      // their batches are among the rows stored above, row by row.
      expect(refusals.map((line) => (JSON.parse(line) as { err?: { code?: string } }).err?.code)).toEqual(refusals.map(() => '23514'));
    });

    onPostgres('a DROP waiting behind a long query holds inserts up at most the lock timeout, and is tried again', async () => {
      const blocker = await db.pool.connect();
      await blocker.query('BEGIN');
      await blocker.query('SELECT count(*) FROM activity_events');
      // Held well beyond the lock timeout, so an insert stuck behind an unbounded DROP would stand out even on a loaded machine.
      const release = sleep(4000).then(async () => {
        await blocker.query('COMMIT');
        blocker.release();
      });
      // Inserts go on meanwhile, into a month the run keeps.
      let inserting = true;
      let slowestMs = 0;
      const inserter = (async () => {
        while (inserting) {
          const started = performance.now();
          await eventsRepository.insertRows(db.pool, [event(dayOf(month(1)))]);
          slowestMs = Math.max(slowestMs, performance.now() - started);
          await sleep(20);
        }
      })();

      const options = { ...THIRTEEN_MONTHS, lockTimeoutMs: 300, lockAttempts: 12, retryDelayMs: 500 };
      const report = await new PartitionMaintenance(db.pool, options).run(dayOf(month(14), 2));
      inserting = false;
      await Promise.all([inserter, release]);
      expect(report).toMatchObject({ dropped: [name(0)], failed: [] });
      expect(slowestMs).toBeLessThan(2000);
    });

    onPostgres('stop() ends a run waiting to try a step again', async () => {
      const blocker = await db.pool.connect();
      await blocker.query('BEGIN');
      await blocker.query('SELECT count(*) FROM activity_events');
      try {
        const maintenance = new PartitionMaintenance(db.pool, { ...THIRTEEN_MONTHS, retryDelayMs: 60_000 });
        const started = Date.now();
        const run = maintenance.run(dayOf(month(14), 2));
        await sleep(500);
        maintenance.stop();
        const report = await run;
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(report).toMatchObject({ dropped: [], failed: [] });
        // Stopped for good: a later run does nothing.
        expect(await maintenance.run(dayOf(month(14), 2))).toMatchObject({ created: [], dropped: [] });
      } finally {
        await blocker.query('ROLLBACK');
        blocker.release();
      }
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
        expect(byUser).toContain(`${name(0)}_user_id_created_at_id_idx`);
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
      const lines: string[] = [];
      const service = createActivityService(
        loadActivityConfig(env),
        createLogger({ name: 'test', level: 'info', destination: { write: (line: string) => lines.push(line) } }),
      );
      await service.start();
      // stop() ends a run after its current step: wait for the run the start began to say what it did.
      const deadline = Date.now() + 30_000;
      while (!lines.some((line) => line.includes('activity_events partitions maintained')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
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
