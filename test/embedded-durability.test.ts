import { EPHEMERAL_PORTS_ENV } from '@evalplan/stack';
import { WEB_CLIENT_STEPS } from './fixtures/step-data';
import { bearer, postJson, signUp, type SignedUp } from './helpers/auth';
import { freshDataDir } from './helpers/env';
import { runEntry, type Running } from './helpers/process';
import { call } from './helpers/stack';

// The all-in-one process on its embedded database, killed with SIGKILL right after a burst of writes it
// acknowledged, 20 times over one data directory: nothing acknowledged may be missing after any restart, and the
// database must open cleanly every time. The database runs in a worker thread of that process; this is what
// shows its writes are on disk (in the operating system's hands) before the HTTP answer leaves.
const CYCLES = 20;

interface Acknowledged {
  users: SignedUp[];
  /** Session id → the step 1 data its last acknowledged save stored. */
  sessions: Map<string, Record<string, unknown>>;
  /** Project id → owner and the step 1 data converted with it; the session it came from is gone. */
  projects: Map<string, { owner: SignedUp; from: string; step: Record<string, unknown> }>;
}

const putJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function startAllInOne(dataDir: string): Promise<{ app: Running; base: string }> {
  const app = runEntry('stack/dist/main.js', {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    BCRYPT_COST: '4',
    AUTH_RATE_LIMIT_PER_IP: '0',
    AUTH_RATE_LIMIT_PER_EMAIL: '0',
    AUTH_RATE_LIMIT_PER_IP_HOURLY: '0',
    AUTH_RATE_LIMIT_PER_EMAIL_HOURLY: '0',
    ...EPHEMERAL_PORTS_ENV,
  });
  const ready = await app.waitForLog((line) => line.msg === 'evalplan is ready', 45_000);
  return { app, base: String(ready.url).replace('localhost', '127.0.0.1') };
}

/** One burst: registrations, sessions with a step saved (twice, the second save wins), and conversions. */
async function burst(base: string, cycle: number, done: Acknowledged): Promise<void> {
  const stepFor = (label: string) => ({ ...WEB_CLIENT_STEPS['1'], projectName: `cycle ${cycle} ${label} – ü 漢` });
  const owner = done.users[done.users.length - 1];
  const sessionWithStep = async (label: string): Promise<[string, Record<string, unknown>]> => {
    const created = await postJson(`${base}/api/v1/sessions/create`, {});
    expect(created.status).toBe(201);
    const id = created.json.sessionId as string;
    expect((await putJson(`${base}/api/v1/sessions/${id}/wizard/step/1`, { stepData: stepFor(`${label} first`) })).status).toBe(200);
    const step = stepFor(label);
    expect((await putJson(`${base}/api/v1/sessions/${id}/wizard/step/1`, { stepData: step })).status).toBe(200);
    return [id, step];
  };
  await Promise.all([
    ...Array.from({ length: 2 }, async () => done.users.push(await signUp(base))),
    ...Array.from({ length: 4 }, async (_, n) => {
      const [id, step] = await sessionWithStep(`session ${n}`);
      done.sessions.set(id, step);
    }),
    ...(owner
      ? Array.from({ length: 2 }, async (_, n) => {
          const [from, step] = await sessionWithStep(`converted ${n}`);
          const converted = await postJson(
            `${base}/api/v1/sessions/${from}/convert`,
            { name: `cycle ${cycle} project ${n}` },
            bearer(owner.accessToken),
          );
          expect(converted.status).toBe(201);
          done.projects.set(converted.json.projectId as string, { owner, from, step });
        })
      : []),
  ]);
}

async function expectAllThere(base: string, done: Acknowledged): Promise<void> {
  for (const user of done.users) {
    const login = await postJson(`${base}/api/v1/auth/login`, { email: user.email, password: user.password });
    expect({ email: user.email, status: login.status }).toEqual({ email: user.email, status: 200 });
  }
  for (const [id, step] of done.sessions) {
    const session = await call(`${base}/api/v1/sessions/${id}`);
    expect({ id, status: session.status, step: session.json?.wizardStatus?.steps?.['1'] }).toEqual({ id, status: 200, step });
  }
  for (const [id, { owner, from, step }] of done.projects) {
    const login = await postJson(`${base}/api/v1/auth/login`, { email: owner.email, password: owner.password });
    const project = await call(`${base}/api/v1/projects/${id}`, { headers: bearer(login.json.access_token) });
    expect({ id, status: project.status, step: project.json?.wizardStatus?.steps?.['1'] }).toEqual({ id, status: 200, step });
    expect((await call(`${base}/api/v1/sessions/${from}`)).status).toBe(404);
  }
}

// Embedded runs only (jest.config.js).
describe('kill -9 of the all-in-one process (embedded database)', () => {
  it(`loses no acknowledged write over ${CYCLES} kills right after bursts of writes, and opens cleanly every time`, async () => {
    const dataDir = await freshDataDir();
    const done: Acknowledged = { users: [], sessions: new Map(), projects: new Map() };
    let previous: Acknowledged = { users: [], sessions: new Map(), projects: new Map() };
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const { app, base } = await startAllInOne(dataDir);
      try {
        // What the previous run acknowledged just before it was killed.
        await expectAllThere(base, previous);
        const before = { users: done.users.length, sessions: new Set(done.sessions.keys()), projects: new Set(done.projects.keys()) };
        await burst(base, cycle, done);
        // Writes still on their way when the kill comes; they were never acknowledged, so they may go either way.
        for (let n = 0; n < 4; n += 1) void postJson(`${base}/api/v1/sessions/create`, {}).catch(() => undefined);
        app.child.kill('SIGKILL');
        await app.exited;
        previous = {
          users: done.users.slice(before.users),
          sessions: new Map([...done.sessions].filter(([id]) => !before.sessions.has(id))),
          projects: new Map([...done.projects].filter(([id]) => !before.projects.has(id))),
        };
        // Opened cleanly: no error was logged while it ran.
        expect(app.output()).not.toMatch(/"level":"(error|fatal)"/);
      } finally {
        if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
      }
    }
    const { app, base } = await startAllInOne(dataDir);
    try {
      await expectAllThere(base, done);
      expect(done.sessions.size).toBe(CYCLES * 4);
      expect(done.projects.size).toBe((CYCLES - 1) * 2);
    } finally {
      app.child.kill('SIGKILL');
      await app.exited;
    }
  }, 400_000);
});
