import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SignJWT } from 'jose';
import { bearer, JSON_HEADERS, postJson, signUp, type SignedUp } from './helpers/auth';
import { freePort } from './helpers/ports';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';

/** The gateway takes auth-service's word that a user exists for this long before it asks again. */
const CONFIRMATION_FRESH_MS = 2_000;

type Route = [name: string, send: (token: string) => Promise<JsonResponse>];

/** Every route that needs a bearer, or takes an optional one, aimed at the given project and session. */
function tokenRoutes(api: string, projectId: string, sessionId: string): Route[] {
  const project = `${api}/projects/${projectId}`;
  const withBody = (method: string, url: string, body: unknown) => (token: string) =>
    call(url, { method, headers: { ...JSON_HEADERS, ...bearer(token) }, body: JSON.stringify(body) });
  const get = (url: string) => (token: string) => call(url, { headers: bearer(token) });
  return [
    ['GET /auth/me', get(`${api}/auth/me`)],
    ['GET /projects', get(`${api}/projects`)],
    ['POST /projects', withBody('POST', `${api}/projects`, { name: 'Made after the account went' })],
    ['GET /projects/{id}', get(project)],
    ['PATCH /projects/{id}', withBody('PATCH', project, { name: 'Renamed after the account went' })],
    ['PUT /projects/{id}/wizard/step/1', withBody('PUT', `${project}/wizard/step/1`, { stepData: {} })],
    ['POST /projects/{id}/wizard/recommendations', withBody('POST', `${project}/wizard/recommendations`, {})],
    ['POST /projects/{id}/generate-pdf', withBody('POST', `${project}/generate-pdf`, {})],
    ['GET /projects/{id}/download-pdf', get(`${project}/download-pdf`)],
    ['GET /projects/{id}/plan', get(`${project}/plan`)],
    ['DELETE /projects/{id}', (token) => call(project, { method: 'DELETE', headers: bearer(token) })],
    ['POST /sessions/{id}/convert', withBody('POST', `${api}/sessions/${sessionId}/convert`, { name: 'Converted' })],
    ['POST /activity/events (optional bearer)', withBody('POST', `${api}/activity/events`, { type: 'page_view', page: '/projects' })],
  ];
}

/** Each route's status and error code, by route name. */
async function answersOf(routes: Route[], token: string): Promise<Record<string, [number, string | undefined]>> {
  const answers = await Promise.all(routes.map(async ([name, send]) => [name, await send(token)] as const));
  return Object.fromEntries(answers.map(([name, res]) => [name, [res.status, res.json?.error?.code]]));
}

const allRefused = (answers: Record<string, [number, string | undefined]>) =>
  Object.values(answers).every(([status, code]) => status === 401 && code === 'UNAUTHORIZED');

async function createProject(api: string, who: SignedUp): Promise<string> {
  const res = await postJson(`${api}/projects`, { name: 'Quest log study' }, bearer(who.accessToken));
  expect(res.status).toBe(201);
  return res.json.projectId;
}

async function createSession(api: string): Promise<string> {
  const res = await call(`${api}/sessions/create`, { method: 'POST' });
  expect(res.status).toBe(201);
  return res.json.sessionId;
}

describe('tokens that must not be accepted', () => {
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    // Logs captured: auth-service writes a line per gRPC call, which counts the gateway's questions.
    stack = await startTestStack({}, { captureLogs: true });
    api = `${stack.url}/api/v1`;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const me = (token: string) => call(`${api}/auth/me`, { headers: bearer(token) });
  const getUserCalls = () =>
    stack.logs.filter((line) => line.service === 'auth-service' && line.msg === 'grpc call' && String(line.method).endsWith('.GetUser'))
      .length;

  it('asks auth-service about a user at most once per window: concurrent requests share the call, activity labels ask nothing', async () => {
    const who = await signUp(stack.url);
    const send = (path: string) => call(`${api}${path}`, { headers: bearer(who.accessToken) });
    const before = getUserCalls();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => send('/projects').then((res) => res.status)));
    expect(statuses).toEqual(Array(20).fill(200));
    expect(getUserCalls() - before).toBe(1);
    // Within the window, no call at all.
    expect(await Promise.all(Array.from({ length: 10 }, () => send('/projects').then((res) => res.status)))).toEqual(Array(10).fill(200));
    expect(getUserCalls() - before).toBe(1);
    // Past it, requests to routes without a guard still have their activity labelled with the token's user, without a call.
    await sleep(CONFIRMATION_FRESH_MS + 200);
    for (let i = 0; i < 5; i++) expect((await send('/ping')).status).toBe(200);
    await sleep(300);
    expect(getUserCalls() - before).toBe(1);
    // The next guarded request asks again.
    expect((await send('/projects')).status).toBe(200);
    expect(getUserCalls() - before).toBe(2);
  });

  it('a user deleted straight in the database: 401 on every route that takes a bearer within seconds, and from then on; others unaffected', async () => {
    const [gone, other] = await Promise.all([signUp(stack.url), signUp(stack.url)]);
    const goneRoutes = tokenRoutes(api, await createProject(api, gone), await createSession(api));
    const otherProjectId = await createProject(api, other);
    // What the other user does throughout: reads that must keep answering 200.
    const expectOtherServed = async () => {
      for (const url of [`${api}/auth/me`, `${api}/projects`, `${api}/projects/${otherProjectId}`]) {
        expect({ url, status: (await call(url, { headers: bearer(other.accessToken) })).status }).toEqual({ url, status: 200 });
      }
    };

    expect((await me(gone.accessToken)).json).toEqual({ id: gone.userId, email: gone.email, created_at: expect.any(String) });
    expect((await call(`${api}/projects`, { headers: bearer(gone.accessToken) })).json.total).toBe(1);
    expect((await postJson(`${api}/activity/events`, { type: 'page_view', page: '/' }, bearer(gone.accessToken))).status).toBe(202);
    await expectOtherServed();

    // refresh_tokens go with the row (ON DELETE CASCADE); projects keep their owner id.
    const deleted = await stack.db.pool.query('DELETE FROM users WHERE id = $1', [gone.userId]);
    expect(deleted.rowCount).toBe(1);
    const deletedAt = Date.now();

    let answers = await answersOf(goneRoutes, gone.accessToken);
    while (!allRefused(answers) && Date.now() - deletedAt < 10_000) {
      await expectOtherServed();
      await sleep(200);
      answers = await answersOf(goneRoutes, gone.accessToken);
    }
    expect(answers).toEqual(Object.fromEntries(goneRoutes.map(([name]) => [name, [401, 'UNAUTHORIZED']])));
    expect(Date.now() - deletedAt).toBeLessThan(CONFIRMATION_FRESH_MS + 4_000);
    expect(expectEnvelope(await me(gone.accessToken), 401, 'UNAUTHORIZED').message).toMatch(/no longer exists/);

    // Still refused once the confirmation window has passed again, and the other user is still served.
    await sleep(CONFIRMATION_FRESH_MS + 500);
    for (const [name, send] of goneRoutes) {
      const res = await send(gone.accessToken);
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
      expectEnvelope(res, 401, 'UNAUTHORIZED');
    }
    await expectOtherServed();
    expect((await postJson(`${api}/projects`, { name: 'Still working' }, bearer(other.accessToken))).status).toBe(201);
  }, 30_000);

  describe('an access token issued ahead of the clock', () => {
    let account: SignedUp;
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    /** A token as auth-service signs them (its key, issuer and audience), issued at `iat`. */
    const tokenIssuedAt = (iat: number) =>
      new SignJWT({ sub: account.userId, jti: randomUUID(), iss: 'evalplan', aud: 'evalplan-api', iat, exp: iat + 900 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(stack.config.jwtSecret));

    beforeAll(async () => {
      account = await signUp(stack.url);
    });
    afterEach(() => jest.restoreAllMocks());

    it('is refused with 401 UNAUTHORIZED when issued an hour ahead, accepted when issued 30 s ahead', async () => {
      const error = expectEnvelope(await me(await tokenIssuedAt(nowSeconds() + 3600)), 401, 'UNAUTHORIZED');
      expect(error.message).toMatch(/sign in again/);
      // Clocks a little apart are no reason to refuse.
      expect((await me(await tokenIssuedAt(nowSeconds() + 30))).json).toMatchObject({ id: account.userId });
    });

    it('is refused even after it verified once, when the clock then steps back so that its iat lies over a minute ahead', async () => {
      const token = await tokenIssuedAt(nowSeconds() + 50);
      expect((await me(token)).status).toBe(200);
      // The gateway runs in this process: its wall clock steps back 30 s, as NTP may step a real one.
      const realNow = Date.now.bind(Date);
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() - 30_000);
      expectEnvelope(await me(token), 401, 'UNAUTHORIZED');
    });
  });
});

describe('checking that a user exists while auth-service is away', () => {
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    // A fixed port, so the restarted auth-service is found where the gateway looks; logs to count the gateway's attempts.
    stack = await startTestStack({ AUTH_SERVICE_ADDR: `127.0.0.1:${await freePort()}` }, { captureLogs: true });
    api = `${stack.url}/api/v1`;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const projects = (who: SignedUp) => call(`${api}/projects`, { headers: bearer(who.accessToken) });
  const unansweredChecks = (who: SignedUp) =>
    stack.logs.filter((line) => line.msg === 'could not confirm that a user exists' && line.user_id === who.userId).length;

  it('lets a recently confirmed user work on, refuses one never confirmed with 503, and serves both once it is back', async () => {
    const confirmed = await signUp(stack.url);
    // Signed up, but the gateway has not yet been asked to check this user's token.
    const unconfirmed = await signUp(stack.url);
    expect((await projects(confirmed)).status).toBe(200);

    await stack.services.auth.stop();
    // Past the confirmation window: the gateway has to ask auth-service, which does not answer.
    await sleep(CONFIRMATION_FRESH_MS + 500);
    expect((await projects(confirmed)).status).toBe(200);
    // Let through without asking again for a while: one attempt, not one per request.
    const created = postJson(`${api}/projects`, { name: 'During the restart' }, bearer(confirmed.accessToken));
    const reads = Array.from({ length: 5 }, () => projects(confirmed));
    expect((await Promise.all([created, ...reads])).map((res) => res.status)).toEqual([201, 200, 200, 200, 200, 200]);
    expect(unansweredChecks(confirmed)).toBe(1);
    const error = expectEnvelope(await projects(unconfirmed), 503, 'SERVICE_UNAVAILABLE');
    expect(error.message).toMatch(/cannot check your sign-in/);
    expectEnvelope(await call(`${api}/auth/me`, { headers: bearer(unconfirmed.accessToken) }), 503, 'SERVICE_UNAVAILABLE');
    // The events route says it in its own words, as for the token blacklist.
    const event = await postJson(`${api}/activity/events`, { type: 'page_view', page: '/' }, bearer(unconfirmed.accessToken));
    expectEnvelope(event, 503, 'ACTIVITY_RECORDER_UNAVAILABLE');

    await stack.services.auth.start();
    const giveUpAt = Date.now() + 15_000;
    let res = await projects(unconfirmed);
    while (res.status !== 200 && Date.now() < giveUpAt) {
      await sleep(200);
      res = await projects(unconfirmed);
    }
    expect(res.status).toBe(200);
    expect((await projects(confirmed)).status).toBe(200);
  }, 40_000);
});
