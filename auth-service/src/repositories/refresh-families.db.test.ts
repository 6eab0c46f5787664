import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase, runMigrations } from '@evalplan/common/db';
import { createLogger } from '@evalplan/common/logging';
import { refreshFamiliesRepository } from './refresh-families';

// Migration 003 on an embedded (PGlite) database that already holds refresh
// tokens: every existing sign-in gets its family row, so it shows in the
// session list and can be ended; a token written later without one (the
// previous release during a rolling upgrade) gets it from the service.

const logger = createLogger({ name: 'test', level: 'silent' });
const MIGRATIONS = path.resolve(__dirname, '..', '..', 'migrations');

describe('migration 003_refresh_families on existing sign-ins (PGlite)', () => {
  let db: Database;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'evalplan-auth-003-'));
    db = await openDatabase({ url: undefined, dataDir: dir, poolSize: 1, logger });
  });
  afterAll(() => db?.close());

  it('creates one family per token family: first issue, last use, latest expiry, and revoked only if every token was', async () => {
    const migrations = path.join(dir, 'migrations');
    await mkdir(migrations);
    for (const file of ['001_users.sql', '002_refresh_tokens.sql'])
      await copyFile(path.join(MIGRATIONS, file), path.join(migrations, file));
    await runMigrations(db.pool, { service: 'auth', directory: migrations, logger });

    const user = '11111111-1111-4111-8111-111111111111';
    const live = '22222222-2222-4222-8222-222222222222';
    const ended = '33333333-3333-4333-8333-333333333333';
    await db.pool.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, 'old@example.com', 'x')`, [user]);
    const token = (id: string, family: string, created: string, expires: string, revoked: string | null) =>
      db.pool.query(
        `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at, rotated_at, revoked_at)
         VALUES ($1::uuid, $2, $3, decode(md5($1::text), 'hex'), $4, $5, NULL, $6)`,
        [id, user, family, created, expires, revoked],
      );
    await token('a0000000-0000-4000-8000-000000000001', live, '2030-01-01T00:00:00Z', '2030-01-31T00:00:00Z', '2030-01-02T00:00:00Z');
    await token('a0000000-0000-4000-8000-000000000002', live, '2030-01-05T00:00:00Z', '2030-02-04T00:00:00Z', null);
    await token('a0000000-0000-4000-8000-000000000003', ended, '2030-01-01T00:00:00Z', '2030-01-31T00:00:00Z', '2030-01-03T00:00:00Z');

    await copyFile(path.join(MIGRATIONS, '003_refresh_families.sql'), path.join(migrations, '003_refresh_families.sql'));
    expect(await runMigrations(db.pool, { service: 'auth', directory: migrations, logger })).toBe(1);
    const rows = await db.pool.query(
      `SELECT id, user_id, created_at, last_used_at, expires_at, revoked_at, user_agent FROM refresh_families ORDER BY id`,
    );
    expect(rows.rows).toEqual([
      {
        id: live,
        user_id: user,
        created_at: new Date('2030-01-01T00:00:00Z'),
        last_used_at: new Date('2030-01-05T00:00:00Z'),
        expires_at: new Date('2030-02-04T00:00:00Z'),
        revoked_at: null,
        user_agent: '',
      },
      {
        id: ended,
        user_id: user,
        created_at: new Date('2030-01-01T00:00:00Z'),
        last_used_at: new Date('2030-01-01T00:00:00Z'),
        expires_at: new Date('2030-01-31T00:00:00Z'),
        revoked_at: new Date('2030-01-03T00:00:00Z'),
        user_agent: '',
      },
    ]);

    // The previous release, still running during a rolling upgrade, writes tokens without a family row:
    // the table takes them, and the service adds their family when it meets one.
    const orphan = '44444444-4444-4444-8444-444444444444';
    await token('a0000000-0000-4000-8000-000000000004', orphan, '2030-01-10T00:00:00Z', '2030-02-09T00:00:00Z', null);
    await refreshFamiliesRepository.adoptOrphanTokens(db.pool, user);
    await refreshFamiliesRepository.adoptOrphanTokens(db.pool, user);
    const adopted = await db.pool.query(
      `SELECT user_id, created_at, last_used_at, expires_at, revoked_at FROM refresh_families WHERE id = $1`,
      [orphan],
    );
    expect(adopted.rows).toEqual([
      {
        user_id: user,
        created_at: new Date('2030-01-10T00:00:00Z'),
        last_used_at: new Date('2030-01-10T00:00:00Z'),
        expires_at: new Date('2030-02-09T00:00:00Z'),
        revoked_at: null,
      },
    ]);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM refresh_families')).rows[0].n).toBe(3);
  });
});

// Migration 005 and the lifetime of a sign-in: each refresh moves its end to
// the idle time from now, never past its absolute end.
describe('migration 005_sign_in_lifetime and the end of a sign-in (PGlite)', () => {
  const HOUR_MS = 3_600_000;
  const DAY_MS = 24 * HOUR_MS;
  const user = '11111111-1111-4111-8111-111111111111';
  let db: Database;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'evalplan-auth-005-'));
    db = await openDatabase({ url: undefined, dataDir: dir, poolSize: 1, logger });
  });
  afterAll(() => db?.close());

  const family = async (id: string) =>
    (
      await db.pool.query<{ absolute: Date | null; expires: Date; created: Date; now: Date }>(
        `SELECT absolute_expires_at AS absolute, expires_at AS expires, created_at AS created, clock_timestamp() AS now
           FROM refresh_families WHERE id = $1`,
        [id],
      )
    ).rows[0]!;

  it('gives each existing sign-in its current expiry as its absolute end, so the upgrade signs no one out', async () => {
    const migrations = path.join(dir, 'migrations');
    await mkdir(migrations);
    const files = ['001_users.sql', '002_refresh_tokens.sql', '003_refresh_families.sql', '004_password_resets.sql'];
    for (const file of files) await copyFile(path.join(MIGRATIONS, file), path.join(migrations, file));
    await runMigrations(db.pool, { service: 'auth', directory: migrations, logger });
    await db.pool.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, 'old@example.com', 'x')`, [user]);
    // Kept alive by refreshes for a year: under the previous release it would never end.
    const old = '22222222-2222-4222-8222-222222222222';
    await db.pool.query(
      `INSERT INTO refresh_families (id, user_id, created_at, last_used_at, expires_at)
       VALUES ($1, $2, clock_timestamp() - interval '365 days', clock_timestamp() - interval '1 day', clock_timestamp() + interval '29 days')`,
      [old, user],
    );
    const before = (await db.pool.query<{ expires: Date }>('SELECT expires_at AS expires FROM refresh_families WHERE id = $1', [old]))
      .rows[0]!;

    await copyFile(path.join(MIGRATIONS, '005_sign_in_lifetime.sql'), path.join(migrations, '005_sign_in_lifetime.sql'));
    expect(await runMigrations(db.pool, { service: 'auth', directory: migrations, logger })).toBe(1);
    expect(await family(old)).toMatchObject({ absolute: before.expires, expires: before.expires });

    // A refresh with the default lifetimes: seven days from now, within the old expiry.
    const touched = await refreshFamiliesRepository.touch(db.pool, old, {
      lifetime: { absoluteMs: 30 * DAY_MS, idleMs: 7 * DAY_MS },
      userAgent: '',
    });
    expect(touched!.expiresInMs).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(touched!.expiresInMs).toBeLessThanOrEqual(7 * DAY_MS);
    // Later refreshes never pass the old expiry, however long the idle time.
    const capped = await refreshFamiliesRepository.touch(db.pool, old, {
      lifetime: { absoluteMs: 30 * DAY_MS, idleMs: 90 * DAY_MS },
      userAgent: '',
    });
    expect((await family(old)).expires).toEqual(before.expires);
    expect(capped!.expiresInMs).toBeLessThan(29 * DAY_MS + 1_000);
  });

  it('starts a sign-in with both ends, and a refresh moves the idle end on but never past the absolute one', async () => {
    const id = '33333333-3333-4333-8333-333333333333';
    const lifetime = { absoluteMs: 2 * HOUR_MS, idleMs: HOUR_MS };
    const started = await refreshFamiliesRepository.insert(db.pool, { id, userId: user, lifetime, userAgent: 'curl/8' });
    expect(started.expiresInMs).toBeGreaterThan(HOUR_MS - 60_000);
    const row = await family(id);
    expect(row.absolute!.getTime() - row.created.getTime()).toBe(2 * HOUR_MS);
    expect(row.expires.getTime() - row.created.getTime()).toBe(HOUR_MS);

    // Ninety minutes later (moved back in time here): the idle hour would pass the absolute end, which holds.
    await db.pool.query(
      `UPDATE refresh_families SET created_at = created_at - interval '90 minutes', absolute_expires_at = absolute_expires_at - interval '90 minutes'
        WHERE id = $1`,
      [id],
    );
    const touched = await refreshFamiliesRepository.touch(db.pool, id, { lifetime, userAgent: '' });
    expect(touched!.expiresInMs).toBeLessThanOrEqual(30 * 60_000);
    expect(touched!.expiresInMs).toBeGreaterThan(29 * 60_000);
    expect((await family(id)).expires).toEqual((await family(id)).absolute);

    // Past its absolute end a refresh changes nothing and says so.
    await db.pool.query(`UPDATE refresh_families SET absolute_expires_at = clock_timestamp() - interval '1 second' WHERE id = $1`, [id]);
    const ended = await family(id);
    expect(await refreshFamiliesRepository.touch(db.pool, id, { lifetime, userAgent: '' })).toBeUndefined();
    expect((await family(id)).expires).toEqual(ended.expires);
  });

  it('counts the absolute end of a family the previous release wrote without one from its start', async () => {
    const id = '44444444-4444-4444-8444-444444444444';
    await db.pool.query(
      `INSERT INTO refresh_families (id, user_id, created_at, last_used_at, expires_at)
       VALUES ($1, $2, clock_timestamp() - interval '1 day', clock_timestamp(), clock_timestamp() + interval '30 days')`,
      [id, user],
    );
    await refreshFamiliesRepository.touch(db.pool, id, { lifetime: { absoluteMs: 2 * DAY_MS, idleMs: 7 * DAY_MS }, userAgent: '' });
    const row = await family(id);
    expect(row.expires.getTime() - row.created.getTime()).toBe(2 * DAY_MS);
  });
});
