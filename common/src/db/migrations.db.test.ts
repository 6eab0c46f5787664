import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../logging/logger';
import { openDatabase } from './database';
import type { Database } from './queryable';
import { runMigrations } from './migrations';

const logger = createLogger({ name: 'test', level: 'silent' });
const databaseUrl = process.env.EVALPLAN_TEST_DATABASE_URL!;

async function folderWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evalplan-migrations-'));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

describe('runMigrations (PostgreSQL)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ url: databaseUrl, dataDir: '/nonexistent', poolSize: 8, logger });
  });
  afterAll(() => db.close());

  it('applies files in order once, records them, and skips them the next time', async () => {
    const dir = await folderWith({
      '001_create_things.sql': 'CREATE TABLE m1_things (id integer PRIMARY KEY, label text NOT NULL);',
      '002_seed_things.sql': "INSERT INTO m1_things VALUES (1, 'first');",
    });
    expect(await runMigrations(db.pool, { service: 'mone', directory: dir, logger })).toBe(2);
    expect(await runMigrations(db.pool, { service: 'mone', directory: dir, logger })).toBe(0);
    expect((await db.pool.query('SELECT label FROM m1_things')).rows).toEqual([{ label: 'first' }]);
    expect((await db.pool.query('SELECT version, name FROM mone_schema_migrations ORDER BY version')).rows).toEqual([
      { version: 1, name: 'create_things' },
      { version: 2, name: 'seed_things' },
    ]);
  });

  it('applies each migration exactly once when replicas start together', async () => {
    const dir = await folderWith({ '001_counter.sql': 'CREATE TABLE m2_counter (n integer); INSERT INTO m2_counter VALUES (1);' });
    const applied = await Promise.all(Array.from({ length: 5 }, () => runMigrations(db.pool, { service: 'mtwo', directory: dir, logger })));
    expect(applied.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await db.pool.query('SELECT count(*)::int AS c FROM m2_counter')).rows[0].c).toBe(1);
  });

  it('rolls back a failing migration and leaves it unrecorded', async () => {
    const dir = await folderWith({ '001_broken.sql': 'CREATE TABLE m3_half (id integer); SELECT * FROM no_such_table;' });
    await expect(runMigrations(db.pool, { service: 'mthree', directory: dir, logger })).rejects.toThrow(/no_such_table/);
    expect((await db.pool.query("SELECT to_regclass('m3_half') AS t")).rows[0].t).toBeNull();
    expect((await db.pool.query('SELECT count(*)::int AS c FROM mthree_schema_migrations')).rows[0].c).toBe(0);
  });

  it('refuses to start when an applied file was edited', async () => {
    const dir = await folderWith({ '001_t.sql': 'CREATE TABLE m4_t (id integer);' });
    await runMigrations(db.pool, { service: 'mfour', directory: dir, logger });
    await writeFile(path.join(dir, '001_t.sql'), 'CREATE TABLE m4_t (id bigint);');
    await expect(runMigrations(db.pool, { service: 'mfour', directory: dir, logger })).rejects.toThrow(/changed after it was applied/);
  });

  it('refuses badly named files', async () => {
    const dir = await folderWith({ 'create.sql': 'SELECT 1;' });
    await expect(runMigrations(db.pool, { service: 'mfive', directory: dir, logger })).rejects.toThrow(/NNN_description\.sql/);
  });
});
