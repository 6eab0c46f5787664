import { randomUUID } from 'node:crypto';
import { SessionUseCases } from './sessions';
import { MemoryStorage } from './testing/memory-stores';

const TTL_MS = 60_000;
const USER = randomUUID();
const body = JSON.stringify({ name: ' Converted ', description: 'From a session' });

function setup() {
  const storage = new MemoryStorage();
  return { storage, sessions: new SessionUseCases(storage, TTL_MS) };
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
    await expect(sessions.purgeExpired(2)).resolves.toBe(5);
    expect([...storage.sessions.rows.keys()]).toEqual([live.id]);
  });
});
