import { randomBytes, randomUUID } from 'node:crypto';
import { copyFile, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { type Database, openDatabase, runMigrations } from '@evalplan/common/db';
import { createLogger } from '@evalplan/common/logging';
import { adminQuery as admin, freshDataDir, testEnv } from '../../../test/helpers/env';
import { EXISTING_OWNERS, SqlPdfOwnerRows } from './pdf-owners';
import { sqlWizardStorage } from './sql-wizard-storage';
import { SqlTaskLeases } from './task-leases';

const MIGRATIONS = path.resolve(__dirname, '../../migrations');
const logger = createLogger({ name: 'test', level: 'silent' });
const sessionPdf = (id: string) => `https://plans.example.org/files/pdfs/sessions/${id}/1795448034641746265.pdf`;

// A database of its own (the run's shared one is migrated already): migration 002 is applied over rows 001 made.
describe(`PDF retention in wizard-service's tables on ${testEnv.mode === 'services' ? 'PostgreSQL' : 'PGlite'}`, () => {
  const name = `${process.env.EVALPLAN_TEST_DB_NAME}_wizard_${randomBytes(3).toString('hex')}`;
  let database: Database;
  const migrate = (directory: string) => runMigrations(database.pool, { service: 'wizard', directory, logger });

  beforeAll(async () => {
    let url: string | undefined;
    if (testEnv.mode === 'services') {
      await admin(`CREATE DATABASE ${name}`);
      const own = new URL(testEnv.databaseUrl);
      own.pathname = `/${name}`;
      url = own.toString();
    }
    database = await openDatabase({ url, dataDir: url ? '/nonexistent' : await freshDataDir(), poolSize: 4, logger });
    const firstOnly = await mkdtemp(path.join(testEnv.workDir, 'wizard-migrations-'));
    await copyFile(path.join(MIGRATIONS, '001_sessions_and_projects.sql'), path.join(firstOnly, '001_sessions_and_projects.sql'));
    await migrate(firstOnly);
  });
  afterAll(async () => {
    await database?.close();
    if (testEnv.mode === 'services') await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('migration 002 records the session a project was converted from, read from the PDF it still points at', async () => {
    const origin = randomUUID();
    const converted = randomUUID();
    const ownPdf = randomUUID();
    const noPdf = randomUUID();
    const insert = (id: string, pdfUrl: string | null) =>
      database.pool.query(`INSERT INTO projects (id, owner_id, name, pdf_url) VALUES ($1, $2, 'p', $3)`, [id, randomUUID(), pdfUrl]);
    await insert(converted, sessionPdf(origin));
    await insert(ownPdf, `https://plans.example.org/files/pdfs/projects/${ownPdf}/1795448034641746265.pdf`);
    await insert(noPdf, null);
    await migrate(MIGRATIONS);
    const { rows } = await database.pool.query<{ id: string; origin: string | null }>(
      'SELECT id, origin_session_id::text AS origin FROM projects WHERE id = ANY($1::uuid[])',
      [[converted, ownPdf, noPdf]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.origin]))).toEqual({ [converted]: origin, [ownPdf]: null, [noPdf]: null });
  });

  it('says which PDF folders still have an owner: a project, a session (expired or not), or the project converted from it', async () => {
    await migrate(MIGRATIONS);
    const storage = sqlWizardStorage(database.pool);
    const owners = new SqlPdfOwnerRows(database.pool);
    const project = await storage.projects.insert({ id: randomUUID(), ownerId: randomUUID(), name: 'p', description: '' });
    const live = await storage.sessions.create(randomUUID(), 60_000);
    const expired = await storage.sessions.create(randomUUID(), 60_000);
    await database.pool.query(`UPDATE wizard_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    const origin = randomUUID();
    const converted = await storage.projects.insert({
      id: randomUUID(),
      ownerId: randomUUID(),
      name: 'c',
      description: '',
      originSessionId: origin,
    });
    expect(converted.originSessionId).toBe(origin);
    const gone = randomUUID();

    expect(await owners.existing('projects', [project.id, converted.id, gone, origin])).toEqual(new Set([project.id, converted.id]));
    expect(await owners.existing('sessions', [live.id, expired.id, origin, gone, project.id])).toEqual(
      new Set([live.id, expired.id, origin]),
    );
    expect(await owners.existing('sessions', [])).toEqual(new Set());
  });

  it('counts a session folder as owned by a project whose pdf_url points into it, though it recorded no origin session', async () => {
    await migrate(MIGRATIONS);
    const owners = new SqlPdfOwnerRows(database.pool);
    // Converted by a replica older than migration 002 after 002's backfill: pdf_url set, origin_session_id NULL.
    const [legacyOrigin, ownPdf, gone] = [randomUUID(), randomUUID(), randomUUID()];
    const insert = (pdfUrl: string | null) =>
      database.pool.query(`INSERT INTO projects (id, owner_id, name, pdf_url) VALUES ($1, $2, 'p', $3)`, [
        randomUUID(),
        randomUUID(),
        pdfUrl,
      ]);
    await insert(sessionPdf(legacyOrigin));
    await insert(`https://plans.example.org/files/pdfs/projects/${ownPdf}/1795448034641746265.pdf`);
    await insert(`https://plans.example.org/files/pdfs/sessions/${gone}/x.pdf`);
    expect(await owners.existing('sessions', [legacyOrigin, ownPdf, gone])).toEqual(new Set([legacyOrigin]));
  });

  it('finds those projects through migration 003’s index, not by reading every project', async () => {
    await migrate(MIGRATIONS);
    const connection = await database.pool.connect();
    try {
      await connection.query('BEGIN');
      // Too few rows for the planner to prefer an index on its own: whether it can use one is what counts.
      await connection.query('SET LOCAL enable_seqscan = off');
      const plan = await connection.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${EXISTING_OWNERS.sessions}`, [[randomUUID()]]);
      const lines = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(lines).toContain('projects_pdf_url_session');
      expect(lines).not.toMatch(/Seq Scan on projects/);
    } finally {
      await connection.query('ROLLBACK');
      connection.release();
    }
  });

  it('hands a task lease to one claimant at a time, and again once it runs out', async () => {
    await migrate(MIGRATIONS);
    const leases = new SqlTaskLeases(database.pool);
    const task = `test-${randomUUID()}`;
    const claims = await Promise.all([1, 2, 3, 4].map(() => leases.claim(task, 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    await expect(leases.claim(task, 60_000)).resolves.toBeUndefined();
    await database.pool.query(`UPDATE wizard_task_leases SET held_until = now() - interval '1 second' WHERE task = $1`, [task]);
    await expect(leases.claim(task, 60_000)).resolves.toBeDefined();
    await expect(leases.claim(`test-${randomUUID()}`, 60_000)).resolves.toBeDefined();
  });

  it('renews a lease only while its holder still has it: not once it ran out, nor once another replica claimed it', async () => {
    await migrate(MIGRATIONS);
    const leases = new SqlTaskLeases(database.pool);
    const task = `test-${randomUUID()}`;
    const heldUntil = async () =>
      (
        await database.pool.query<{ ms: number }>(
          'SELECT extract(epoch FROM held_until) * 1000 AS ms FROM wizard_task_leases WHERE task = $1',
          [task],
        )
      ).rows[0]!.ms;
    const first = (await leases.claim(task, 1_000))!;
    const before = Number(await heldUntil());
    await expect(first.renew()).resolves.toBe(true);
    await expect(first.renew()).resolves.toBe(true);
    expect(Number(await heldUntil())).toBeGreaterThanOrEqual(before);
    // Ran out, and another replica claimed it: the first may not extend the second's lease.
    await database.pool.query(`UPDATE wizard_task_leases SET held_until = now() - interval '1 second' WHERE task = $1`, [task]);
    await expect(first.renew()).resolves.toBe(false);
    const second = (await leases.claim(task, 60_000))!;
    await expect(first.renew()).resolves.toBe(false);
    await expect(second.renew()).resolves.toBe(true);
    await expect(leases.claim(task, 60_000)).resolves.toBeUndefined();
  });
});
