import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Database, openDatabase, runMigrations } from '@evalplan/common/db';
import { createLogger } from '@evalplan/common/logging';
import { freshDataDir, testEnv } from '../../../test/helpers/env';
import { sqlWizardStorage } from './sql-wizard-storage';
import type { WizardStorage } from '../use-cases/ports';

// The SQL stores on the database of this test mode: PGlite (embedded, a copy of the run's template)
// or this run's PostgreSQL database (services), which system tests share: every row here has a fresh id.
describe(`wizard stores on ${testEnv.mode === 'services' ? 'PostgreSQL' : 'PGlite'}`, () => {
  const logger = createLogger({ name: 'test', level: 'silent' });
  let database: Database;
  let storage: WizardStorage;

  beforeAll(async () => {
    const url = testEnv.mode === 'services' ? testEnv.databaseUrl : undefined;
    database = await openDatabase({ url, dataDir: url ? '/nonexistent' : await freshDataDir(), poolSize: 4, logger });
    await runMigrations(database.pool, { service: 'wizard', directory: path.resolve(__dirname, '../../migrations'), logger });
    storage = sqlWizardStorage(database.pool);
  });
  afterAll(() => database.close());

  const expire = (id: string) =>
    database.pool.query(`UPDATE wizard_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
  const update = { stepsJson: '{"1": {"a": 1}}', currentStep: 2, isComplete: false };

  it('creates, reads, saves and deletes a session; an expired one reads as missing', async () => {
    const { sessions } = storage;
    const created = await sessions.create(randomUUID(), 60_000);
    expect(created).toMatchObject({ stepsJson: '{}', currentStep: 1, isComplete: false, pdfUrl: null });
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBeGreaterThan(59_000);
    await expect(sessions.find(created.id)).resolves.toEqual(created);
    const saved = await storage.inTransaction(async (stores) => {
      await stores.sessions.lock(created.id);
      return stores.sessions.saveWizard(created.id, update);
    });
    expect(saved).toMatchObject({ id: created.id, currentStep: 2, createdAt: created.createdAt, expiresAt: created.expiresAt });
    expect(JSON.parse(saved.stepsJson)).toEqual({ '1': { a: 1 } });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
    await expire(created.id);
    await expect(sessions.find(created.id)).resolves.toBeUndefined();
    // An expired session is gone for a PDF too: the generation deletes its file.
    await expect(sessions.setPdfUrl(created.id, '/x.pdf', saved.stepsJson)).resolves.toBe('missing');
    await sessions.delete(created.id);
  });

  it('stores a PDF URL only while the wizard holds the rendered steps, compared as JSON; a save clears it', async () => {
    const { sessions } = storage;
    const { id } = await sessions.create(randomUUID(), 60_000);
    await sessions.saveWizard(id, update);
    await expect(sessions.setPdfUrl(id, '/x.pdf', '{}')).resolves.toBe('stale');
    await expect(sessions.find(id)).resolves.toMatchObject({ pdfUrl: null });
    await expect(sessions.setPdfUrl(id, '/x.pdf', '{ "1" : {"a":1} }')).resolves.toBe('recorded');
    await expect(sessions.find(id)).resolves.toMatchObject({ pdfUrl: '/x.pdf' });
    await expect(sessions.saveWizard(id, update)).resolves.toMatchObject({ pdfUrl: null });
    await sessions.delete(id);
    await expect(sessions.setPdfUrl(id, '/y.pdf', '{ "1" : {"a":1} }')).resolves.toBe('missing');
  });

  it('purges expired sessions only', async () => {
    const { sessions } = storage;
    const expired = await sessions.create(randomUUID(), 60_000);
    const live = await sessions.create(randomUUID(), 60_000);
    await expire(expired.id);
    const purged: string[] = [];
    for (let batch = await sessions.purgeExpired(500); batch.length > 0; batch = await sessions.purgeExpired(500)) purged.push(...batch);
    expect(purged).toContain(expired.id);
    expect(purged).not.toContain(live.id);
    const left = await database.pool.query<{ id: string }>('SELECT id FROM wizard_sessions WHERE id = ANY($1::uuid[])', [
      [expired.id, live.id],
    ]);
    expect(left.rows.map((row) => row.id)).toEqual([live.id]);
  });

  it('inserts, lists a page with its total, updates and saves projects', async () => {
    const { projects } = storage;
    const owner = randomUUID();
    const first = await projects.insert({ id: randomUUID(), ownerId: owner, name: 'First', description: '' });
    const second = await projects.insert({
      id: randomUUID(),
      ownerId: owner,
      name: 'Second',
      description: 'Converted',
      wizard: { ...update, pdfUrl: '/s.pdf' },
    });
    expect(first).toMatchObject({ ownerId: owner, stepsJson: '{}', currentStep: 1, pdfUrl: null });
    expect(first.createdAt).toBe(first.updatedAt);
    expect(second).toMatchObject({ currentStep: 2, pdfUrl: '/s.pdf' });
    const page = await projects.listByOwner(owner, 1, 0);
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.name)).toEqual(['Second']);
    await expect(projects.listByOwner(owner, 10, 5)).resolves.toEqual({ rows: [], total: 2 });
    await expect(projects.listByOwner(randomUUID(), 10, 0)).resolves.toEqual({ rows: [], total: 0 });

    const renamed = await projects.update(first.id, { name: 'Renamed' });
    expect(renamed).toMatchObject({ name: 'Renamed', description: '' });
    await expect(projects.update(randomUUID(), { name: 'x' })).resolves.toBeUndefined();
    const saved = await projects.saveWizard(second.id, update);
    expect(saved).toMatchObject({ id: second.id, expiresAt: null, createdAt: second.createdAt, pdfUrl: null });
    await expect(projects.find(second.id)).resolves.toMatchObject({ updatedAt: saved.updatedAt });
    await projects.delete(first.id);
    await projects.delete(second.id);
    await expect(projects.find(first.id)).resolves.toBeUndefined();
  });

  it('rolls a transaction back when its work throws', async () => {
    const session = await storage.sessions.create(randomUUID(), 60_000);
    const projectId = randomUUID();
    await expect(
      storage.inTransaction(async (stores) => {
        await stores.projects.insert({ id: projectId, ownerId: randomUUID(), name: 'x', description: '' });
        await stores.sessions.delete(session.id);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(storage.projects.find(projectId)).resolves.toBeUndefined();
    await expect(storage.sessions.find(session.id)).resolves.toEqual(session);
  });

  it('makes a second lock of one wizard wait until the first transaction ends', async () => {
    const { id } = await storage.sessions.create(randomUUID(), 60_000);
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = storage.inTransaction(async (stores) => {
      await stores.sessions.lock(id);
      order.push('first locked');
      await held;
      await stores.sessions.saveWizard(id, update);
      order.push('first saved');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = storage.inTransaction(async (stores) => {
      const row = await stores.sessions.lock(id);
      order.push('second locked');
      return row;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const [, seen] = await Promise.all([first, second]);
    expect(order).toEqual(['first locked', 'first saved', 'second locked']);
    expect(seen).toMatchObject({ currentStep: 2 });
  });
});
