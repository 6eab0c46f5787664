import { randomUUID } from 'node:crypto';
import { AppError } from '@evalplan/common/errors';
import { createLogger } from '@evalplan/common/logging';
import { SessionUseCases } from './sessions';
import { MemoryPdfFiles } from './testing/memory-pdf-files';
import { MemoryStorage } from './testing/memory-stores';

const TTL_MS = 60_000;
const USER = randomUUID();
const body = { name: ' Converted ', description: 'From a session' };

function setup() {
  const storage = new MemoryStorage();
  const files = new MemoryPdfFiles();
  return { storage, files, sessions: new SessionUseCases(storage, TTL_MS, files, createLogger({ name: 'test', level: 'silent' })) };
}

describe('SessionUseCases', () => {
  it('creates a session that lives for the TTL, and reads it back', async () => {
    const { storage, sessions } = setup();
    const created = await sessions.create();
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(TTL_MS);
    await expect(sessions.get(created.id)).resolves.toEqual(created);
    storage.clock.tick(TTL_MS);
    await expect(sessions.get(created.id)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    await expect(sessions.get('not-a-uuid')).rejects.toMatchObject({ code: 'INVALID_SESSION_ID' });
  });

  it("converts a session into the user's project, keeping its wizard and PDF, and deletes the session", async () => {
    const { storage, sessions } = setup();
    const session = await sessions.create();
    const steps = JSON.stringify({ '1': { evaluationGoals: ['x'], participants: 'y', developmentStage: 'z' } });
    storage.sessions.rows.set(session.id, { ...session, stepsJson: steps, pdfUrl: '/s.pdf' });
    const project = await sessions.convert(session.id, USER, body);
    expect(project).toMatchObject({ ownerId: USER, name: 'Converted', description: 'From a session', stepsJson: steps, pdfUrl: '/s.pdf' });
    // The session's PDFs are the project's now, whatever it renders later.
    expect(project.originSessionId).toBe(session.id);
    // The status is worked out again from the steps, not copied.
    expect(project).toMatchObject({ currentStep: 2, isComplete: false });
    expect(storage.sessions.rows.has(session.id)).toBe(false);
    await expect(sessions.convert(session.id, USER, body)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  it('checks the caller, then the body, then the session', async () => {
    const { sessions } = setup();
    await expect(sessions.convert('x', '', '{')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(sessions.convert('x', USER, '{}')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(sessions.convert('x', USER, body)).rejects.toMatchObject({ code: 'INVALID_SESSION_ID' });
  });

  it('leaves everything as it was when the conversion fails halfway', async () => {
    const { storage, sessions } = setup();
    const session = await sessions.create();
    storage.sessions.delete = () => Promise.reject(new Error('lost the connection'));
    await expect(sessions.convert(session.id, USER, body)).rejects.toThrow('lost the connection');
    expect(storage.projects.rows.size).toBe(0);
    expect(storage.sessions.rows.has(session.id)).toBe(true);
  });

  it('purges expired sessions in batches until none are left', async () => {
    const { storage, sessions } = setup();
    for (let i = 0; i < 5; i++) await sessions.create();
    const live = await storage.sessions.create(randomUUID(), TTL_MS * 2);
    storage.clock.tick(TTL_MS);
    await expect(sessions.purgeExpired(2)).resolves.toMatchObject({ sessions: 5 });
    expect([...storage.sessions.rows.keys()]).toEqual([live.id]);
  });

  it('ends after the batch in hand once its signal is aborted (shutdown), leaving the rest to the next run', async () => {
    const { storage, files, sessions } = setup();
    for (let i = 0; i < 6; i++) files.add('sessions', (await sessions.create()).id);
    storage.clock.tick(TTL_MS);
    const shutdown = new AbortController();
    // Aborted while the first batch's files are being deleted.
    const deleteFolder = files.deleteFolder.bind(files);
    files.deleteFolder = async (...args) => {
      shutdown.abort();
      return deleteFolder(...args);
    };
    await expect(sessions.purgeExpired(2, shutdown.signal)).resolves.toEqual({ sessions: 2, files: 2, sessionsLeftForSweep: 0 });
    expect(storage.sessions.rows.size).toBe(4);
    files.deleteFolder = deleteFolder;
    await expect(sessions.purgeExpired(2)).resolves.toMatchObject({ sessions: 4 });
    expect(storage.sessions.rows.size).toBe(0);
  });

  it("deletes a purged session's files, and no live session's", async () => {
    const { storage, files, sessions } = setup();
    const expired = await sessions.create();
    const live = await storage.sessions.create(randomUUID(), TTL_MS * 2);
    files.add('sessions', expired.id);
    files.add('sessions', expired.id);
    files.add('sessions', live.id);
    storage.clock.tick(TTL_MS);
    await expect(sessions.purgeExpired(500)).resolves.toEqual({ sessions: 1, files: 2, sessionsLeftForSweep: 0 });
    expect(files.filesOf('sessions', expired.id)).toEqual([]);
    expect(files.filesOf('sessions', live.id)).toHaveLength(1);
    expect(files.deletions).toEqual([{ owner: 'sessions', id: expired.id, renderedBeforeMs: 0, reason: 'session_expired' }]);
  });

  it('counts every file of a batch whose sessions are deleted concurrently', async () => {
    const { storage, files, sessions } = setup();
    for (let i = 0; i < 12; i++) {
      const { id } = await sessions.create();
      for (let file = 0; file <= i % 3; file++) files.add('sessions', id);
    }
    storage.clock.tick(TTL_MS);
    // 12 sessions with 1, 2 or 3 files each, in batches of 10 and 2.
    await expect(sessions.purgeExpired(10)).resolves.toEqual({ sessions: 12, files: 24, sessionsLeftForSweep: 0 });
    expect(files.folders.size).toBe(0);
  });

  it('purges the rows even while pdf-service is away, leaving their files to the orphan sweep', async () => {
    const { storage, files, sessions } = setup();
    for (let i = 0; i < 3; i++) files.add('sessions', (await sessions.create()).id);
    storage.clock.tick(TTL_MS);
    files.failWith = new AppError('SERVICE_UNAVAILABLE');
    await expect(sessions.purgeExpired(2)).resolves.toEqual({ sessions: 3, files: 0, sessionsLeftForSweep: 3 });
    expect(storage.sessions.rows.size).toBe(0);
    expect(files.folders.size).toBe(3);
  });
});
