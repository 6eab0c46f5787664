import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import path from 'node:path';
import bcrypt from 'bcrypt';
import { openDatabase, runMigrations } from '@evalplan/common/db';
import { createLogger } from '@evalplan/common/logging';
import { postJson, signUp } from './helpers/auth';
import { adminQuery, baseEnv, testEnv } from './helpers/env';
import { type Received, startSmtp } from './helpers/smtp-peer';
import { expectEnvelope, startTestStack, type TestStack } from './helpers/stack';

/**
 * E-mail addresses are compared as NFC (issue 36, Low 12): "kate@…" with a
 * composed é (U+00E9) and with e + combining acute (U+0065 U+0301) look the
 * same and are one account. Migration 006 merges no accounts made before, but
 * refuses a new one that collides.
 */
const quiet = createLogger({ name: 'test', level: 'silent' });
/** A unique "katé-…@example.com" in both spellings. */
function kate(): { composed: string; decomposed: string } {
  const tail = `-${randomUUID()}@example.com`;
  return { composed: `kat\u00e9${tail}`, decomposed: `kate\u0301${tail}` };
}

describe('one address, however its accents are composed', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    stack = await startTestStack({ SMTP_URL: smtp.url, PASSWORD_RESET_RATE_LIMIT_PER_IP: '0' });
    api = `${stack.url}/api/v1/auth`;
  });
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  it('registers the decomposed spelling as NFC, refuses the composed one as taken, and signs in with either', async () => {
    const { composed, decomposed } = kate();
    const account = await signUp(stack.url, { email: decomposed });
    const stored = await stack.db.pool.query('SELECT email FROM users WHERE id = $1', [account.userId]);
    expect(stored.rows).toEqual([{ email: composed }]);

    expectEnvelope(await postJson(`${api}/register`, { email: composed, password: 'another password' }), 400, 'EMAIL_ALREADY_EXISTS');
    expectEnvelope(
      await postJson(`${api}/register`, { email: ` KATE\u0301${decomposed.slice(5).toUpperCase()}`, password: 'another password' }),
      400,
      'EMAIL_ALREADY_EXISTS',
    );
    for (const email of [composed, decomposed]) {
      const res = await postJson(`${api}/login`, { email, password: account.password });
      expect(res.status).toBe(200);
      expect(res.json.user.id).toBe(account.userId);
    }
  });

  it('a password reset asked for with the other spelling reaches the account', async () => {
    const { composed, decomposed } = kate();
    await signUp(stack.url, { email: composed });
    expect((await postJson(`${api}/password-reset`, { email: decomposed })).status).toBe(202);
    const deadline = Date.now() + 5_000;
    let mails: Received[] = [];
    while (mails.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      mails = smtp.received.filter((mail) => mail.to.includes(composed));
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/^Subject: Reset your evalplan password/m);
  });

  it('the database itself refuses the other spelling, whoever writes the row', async () => {
    const { composed, decomposed } = kate();
    await signUp(stack.url, { email: composed });
    await expect(
      stack.db.pool.query('INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3)', [randomUUID(), decomposed, 'x']),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

/** A database of the test's own holding auth-service's tables as the migrations before 006 left them. */
async function databaseBefore006(): Promise<{ env: Record<string, string | undefined>; drop: () => Promise<void> }> {
  const env = await baseEnv();
  let drop = async () => {};
  if (testEnv.mode === 'services') {
    const name = `${process.env.EVALPLAN_TEST_DB_NAME}_nfc`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(testEnv.databaseUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const migrations = path.resolve(__dirname, '..', 'auth-service', 'migrations');
  const before = await mkdtemp(path.join(testEnv.workDir, 'auth-migrations-'));
  for (const file of await readdir(migrations))
    if (/^00[0-5]_.*\.sql$/.test(file)) await copyFile(path.join(migrations, file), path.join(before, file));
  const db = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR!, poolSize: 1, logger: quiet });
  try {
    await runMigrations(db.pool, { service: 'auth', directory: before, logger: quiet });
  } finally {
    await db.close();
  }
  return { env, drop };
}

describe('migration 006 on a database that already holds both spellings', () => {
  const older = { id: randomUUID(), password: 'the first kate passphrase' };
  const newer = { id: randomUUID(), password: 'the second kate passphrase' };
  const { composed, decomposed } = kate();
  let stack: TestStack | undefined;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const prepared = await databaseBefore006();
    drop = prepared.drop;
    // Two accounts the previous release let in: the composed spelling first, then the decomposed one,
    // each with a plain bcrypt hash as that release stored them.
    const db = await openDatabase({ url: prepared.env.DATABASE_URL, dataDir: prepared.env.DATA_DIR!, poolSize: 1, logger: quiet });
    try {
      await db.pool.query(
        `INSERT INTO users (id, email, password_hash, created_at) VALUES
           ($1, $2, $3, now() - interval '2 days'), ($4, $5, $6, now() - interval '1 day')`,
        [older.id, composed, await bcrypt.hash(older.password, 4), newer.id, decomposed, await bcrypt.hash(newer.password, 4)],
      );
    } finally {
      await db.close();
    }
    stack = await startTestStack({ DATABASE_URL: prepared.env.DATABASE_URL, DATA_DIR: prepared.env.DATA_DIR });
  });
  afterAll(async () => {
    await stack?.stop();
    await drop();
  });

  const login = (email: string, password: string) => postJson(`${stack!.url}/api/v1/auth/login`, { email, password });

  it('merges nothing: both accounts stay, the older one first', async () => {
    const rows = await stack!.db.pool.query('SELECT id, email, email_duplicate_rank AS rank FROM users WHERE id = ANY($1) ORDER BY rank', [
      [older.id, newer.id],
    ]);
    expect(rows.rows).toEqual([
      { id: older.id, email: composed, rank: 0 },
      { id: newer.id, email: decomposed, rank: 1 },
    ]);
  });

  it('reaches each by the spelling it was registered with, and the older one by any other', async () => {
    const first = await login(composed, older.password);
    expect(first.status).toBe(200);
    expect(first.json.user.id).toBe(older.id);
    const second = await login(decomposed, newer.password);
    expect(second.status).toBe(200);
    expect(second.json.user.id).toBe(newer.id);
    expectEnvelope(await login(decomposed, older.password), 401, 'INVALID_CREDENTIALS');
    // Upper case is neither exact spelling: the key finds the older account.
    expect((await login(composed.toUpperCase(), older.password)).json.user.id).toBe(older.id);
    // Both plain bcrypt hashes were upgraded at those logins.
    const hashes = await stack!.db.pool.query('SELECT password_hash FROM users WHERE id = ANY($1)', [[older.id, newer.id]]);
    for (const row of hashes.rows) expect(row.password_hash).toMatch(/^hmac-sha256:\$2b\$04\$/);
  });

  it('refuses a new account in either spelling, even once the older account is gone', async () => {
    const register = (email: string) => postJson(`${stack!.url}/api/v1/auth/register`, { email, password: 'a third passphrase' });
    expectEnvelope(await register(composed), 400, 'EMAIL_ALREADY_EXISTS');
    expectEnvelope(await register(decomposed), 400, 'EMAIL_ALREADY_EXISTS');
    await stack!.db.pool.query('DELETE FROM users WHERE id = $1', [older.id]);
    expectEnvelope(await register(composed), 400, 'EMAIL_ALREADY_EXISTS');
    const left = await login(composed, newer.password);
    expect(left.json.user.id).toBe(newer.id);
  });
});
