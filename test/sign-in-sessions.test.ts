import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { bearer, deviceCookieOf, postJson, refresh, refreshCookieOf, signUp, type SignedUp, uniqueEmail } from './helpers/auth';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';

// GET /auth/sessions, DELETE /auth/sessions/{id} and POST /auth/logout-all:
// a person sees where they are signed in and ends any or all of it, access
// tokens included, at once.

let stack: TestStack;
let api: string;

beforeAll(async () => {
  stack = await startTestStack({}, { captureLogs: true });
  api = `${stack.url}/api/v1/auth`;
});
afterAll(async () => {
  await stack?.stop();
});

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const CURL = 'curl/8.5.0';

interface Device {
  accessToken: string;
  refreshToken: string;
  familyId: string;
}

const me = (token: string) => call(`${api}/me`, { headers: bearer(token) });
const sessions = (token: string) => call(`${api}/sessions`, { headers: bearer(token) });
const endSession = (token: string, id: string) => call(`${api}/sessions/${id}`, { method: 'DELETE', headers: bearer(token) });
const logoutAll = (token: string) => call(`${api}/logout-all`, { method: 'POST', headers: bearer(token) });
const familyOf = (accessToken: string): string =>
  JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')).fid as string;
const deviceOf = (res: JsonResponse): Device => ({
  accessToken: res.json.access_token,
  refreshToken: refreshCookieOf(res)!.value,
  familyId: familyOf(res.json.access_token),
});

async function signIn(account: SignedUp, userAgent: string): Promise<Device> {
  const res = await postJson(`${api}/login`, { email: account.email, password: account.password }, { 'User-Agent': userAgent });
  expect(res.status).toBe(200);
  return deviceOf(res);
}

/** A new account signed in on a Firefox laptop, with curl and on an Android phone, in that order. */
async function personOnThreeDevices(): Promise<{ account: SignedUp; laptop: Device; curl: Device; phone: Device }> {
  const email = uniqueEmail('devices');
  const res = await postJson(`${api}/register`, { email, password: 'correct horse battery' }, { 'User-Agent': FIREFOX_LINUX });
  expect(res.status).toBe(201);
  const account = {
    email,
    password: 'correct horse battery',
    userId: res.json.user.id,
    deviceToken: deviceCookieOf(res)!.value,
    ...deviceOf(res),
  };
  return { account, laptop: deviceOf(res), curl: await signIn(account, CURL), phone: await signIn(account, CHROME_ANDROID) };
}

async function expectSignedOut(device: Device): Promise<void> {
  expectEnvelope(await me(device.accessToken), 401, 'UNAUTHORIZED');
  expectEnvelope(await refresh(stack.url, device.refreshToken), 401, 'UNAUTHORIZED');
}

async function expectSignedIn(device: Device): Promise<void> {
  expect((await me(device.accessToken)).status).toBe(200);
}

describe('GET /auth/sessions', () => {
  it('lists every live sign-in, most recently used first, with its device and the current one marked', async () => {
    const { laptop, curl, phone } = await personOnThreeDevices();
    const res = await sessions(curl.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({
      sessions: [
        {
          id: phone.familyId,
          createdAt: expect.any(String),
          lastUsedAt: expect.any(String),
          expiresAt: expect.any(String),
          device: 'Chrome on Android',
          current: false,
        },
        {
          id: curl.familyId,
          createdAt: expect.any(String),
          lastUsedAt: expect.any(String),
          expiresAt: expect.any(String),
          device: 'curl',
          current: true,
        },
        {
          id: laptop.familyId,
          createdAt: expect.any(String),
          lastUsedAt: expect.any(String),
          expiresAt: expect.any(String),
          device: 'Firefox on Linux',
          current: false,
        },
      ],
    });
    const [first] = res.json.sessions;
    expect(Date.now() - Date.parse(first.createdAt)).toBeLessThan(60_000);
    // Seven days ahead unless used again (REFRESH_IDLE_TTL), within thirty from the sign-in (REFRESH_ABSOLUTE_TTL).
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(Date.parse(first.expiresAt) - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);

    // Refreshing the laptop brings it to the top; a refresh keeps its sign-in (same id).
    const refreshed = await refresh(stack.url, laptop.refreshToken, { 'User-Agent': FIREFOX_LINUX });
    expect(refreshed.status).toBe(200);
    const after = await sessions(refreshed.json.access_token);
    expect(after.json.sessions.map((s: { id: string; current: boolean }) => [s.id, s.current])).toEqual([
      [laptop.familyId, true],
      [phone.familyId, false],
      [curl.familyId, false],
    ]);
  });

  it('leaves out sign-ins that ended, and never shows another person’s', async () => {
    const { account, laptop, curl } = await personOnThreeDevices();
    const stranger = await signUp(stack.url);
    await call(`${api}/logout`, { method: 'POST', headers: { ...bearer(curl.accessToken), Cookie: `refresh_token=${curl.refreshToken}` } });
    const ids = (await sessions(laptop.accessToken)).json.sessions.map((s: { id: string }) => s.id);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(curl.familyId);
    expect(ids).not.toContain(familyOf(stranger.accessToken));
    expect((await sessions(stranger.accessToken)).json.sessions).toHaveLength(1);
    expect(account.userId).not.toBe(stranger.userId);
  });

  it('describes a client without a User-Agent as "Unknown device"', async () => {
    const account = await signUp(stack.url);
    const device = await signIn(account, '');
    const listed = (await sessions(device.accessToken)).json.sessions.find((s: { id: string }) => s.id === device.familyId);
    expect(listed.device).toBe('Unknown device');
  });
});

describe('DELETE /auth/sessions/{id}', () => {
  it('ends another sign-in: 204, its access and refresh tokens are refused at once, the caller stays signed in', async () => {
    const { laptop, curl, phone } = await personOnThreeDevices();
    await expectSignedIn(phone);
    const res = await endSession(laptop.accessToken, phone.familyId);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    await expectSignedOut(phone);
    await expectSignedIn(laptop);
    await expectSignedIn(curl);
    const ids = (await sessions(laptop.accessToken)).json.sessions.map((s: { id: string }) => s.id);
    expect(ids).not.toContain(phone.familyId);
    // Already ended: not found.
    expectEnvelope(await endSession(laptop.accessToken, phone.familyId), 404, 'SIGN_IN_NOT_FOUND');
  });

  it('ends the current sign-in too: the caller’s own access token stops working at once', async () => {
    const { laptop, curl } = await personOnThreeDevices();
    expect((await endSession(laptop.accessToken, laptop.familyId.toUpperCase())).status).toBe(204);
    await expectSignedOut(laptop);
    await expectSignedIn(curl);
  });

  it('answers 404 SIGN_IN_NOT_FOUND for someone else’s sign-in (never 403), and leaves it alone', async () => {
    const { laptop } = await personOnThreeDevices();
    const stranger = await signUp(stack.url);
    const strangers = familyOf(stranger.accessToken);
    const res = expectEnvelope(await endSession(laptop.accessToken, strangers), 404, 'SIGN_IN_NOT_FOUND');
    const unknown = expectEnvelope(await endSession(laptop.accessToken, randomUUID()), 404, 'SIGN_IN_NOT_FOUND');
    // The same answer, word for word, as for an id that exists nowhere.
    expect(res).toEqual(unknown);
    expect((await me(stranger.accessToken)).status).toBe(200);
    expect((await refresh(stack.url, stranger.refreshToken)).status).toBe(200);
  });

  it.each([['not-a-uuid'], ['1234'], [`${randomUUID()}x`]])('answers 400 INVALID_SIGN_IN_ID for %s', async (id) => {
    const account = await signUp(stack.url);
    expectEnvelope(await endSession(account.accessToken, id), 400, 'INVALID_SIGN_IN_ID');
    await expectSignedIn({ ...account, familyId: '' });
  });
});

describe('POST /auth/logout-all', () => {
  it('ends every sign-in of the person, the current one included, and clears the cookie', async () => {
    const { account, laptop, curl, phone } = await personOnThreeDevices();
    const stranger = await signUp(stack.url);
    const res = await logoutAll(curl.accessToken);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok', ended: 3 });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(refreshCookieOf(res)!.attributes).toEqual(expect.arrayContaining(['Max-Age=0', 'Path=/api/v1/auth', 'HttpOnly']));
    for (const device of [laptop, curl, phone]) await expectSignedOut(device);
    await expectSignedIn({ ...stranger, familyId: '' });
    // Signing in again works, and that is the only sign-in left.
    const again = await signIn(account, FIREFOX_LINUX);
    expect((await sessions(again.accessToken)).json.sessions.map((s: { id: string }) => s.id)).toEqual([again.familyId]);
  });
});

describe('the sign-in routes', () => {
  it.each([
    ['GET', '/sessions'],
    ['DELETE', `/sessions/${randomUUID()}`],
    ['POST', '/logout-all'],
  ])('%s %s answers 401 without a bearer token', async (method, path) => {
    expectEnvelope(await call(`${api}${path}`, { method }), 401, 'UNAUTHORIZED');
  });

  it('never write a sign-in id or a token into the logs', async () => {
    const { laptop, curl, phone } = await personOnThreeDevices();
    await sessions(laptop.accessToken);
    await endSession(laptop.accessToken, phone.familyId);
    await logoutAll(curl.accessToken);
    const text = stack.logs.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of [laptop, curl, phone].flatMap((d) => [d.familyId, d.accessToken, d.refreshToken])) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('a sign-in the previous release started during a rolling upgrade (a refresh token without a family row)', () => {
  /** What the previous release wrote at login: the token row only. */
  async function oldReleaseSignIn(userId: string): Promise<{ refreshToken: string; familyId: string }> {
    const refreshToken = randomBytes(32).toString('base64url');
    const familyId = randomUUID();
    await stack.db.pool.query(
      `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, now(), now() + interval '30 days')`,
      [randomUUID(), userId, familyId, createHash('sha256').update(refreshToken, 'utf8').digest()],
    );
    return { refreshToken, familyId };
  }

  it('refreshes, and is then listed as a sign-in of its own', async () => {
    const account = await signUp(stack.url);
    const old = await oldReleaseSignIn(account.userId);
    const refreshed = await refresh(stack.url, old.refreshToken, { 'User-Agent': FIREFOX_LINUX });
    expect(refreshed.status).toBe(200);
    expect(familyOf(refreshed.json.access_token)).toBe(old.familyId);
    const listed = (await sessions(account.accessToken)).json.sessions.map((s: { id: string; device: string }) => [s.id, s.device]);
    expect(listed).toEqual(expect.arrayContaining([[old.familyId, 'Firefox on Linux']]));
    expect(listed).toHaveLength(2);
  });

  it('ends with logging out everywhere, like any other sign-in', async () => {
    const account = await signUp(stack.url);
    const old = await oldReleaseSignIn(account.userId);
    const res = await logoutAll(account.accessToken);
    expect(res.status).toBe(200);
    expect(res.json.ended).toBe(2);
    expectEnvelope(await refresh(stack.url, old.refreshToken), 401, 'UNAUTHORIZED');
  });
});
