import { postJson, refresh, refreshCookieOf, signUp, bearer } from './helpers/auth';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';

// Refreshing with one cookie twice within REFRESH_REUSE_GRACE (React
// StrictMode's double start-up, two tabs reloading at once) keeps the person
// signed in; after the grace, reuse is theft and ends the whole sign-in.

let stack: TestStack;
let api: string;

/** Long enough for a test's refreshes, short enough to wait out. */
const REUSE_GRACE_MS = 1_500;

beforeAll(async () => {
  stack = await startTestStack({ REFRESH_REUSE_GRACE: `${REUSE_GRACE_MS}ms` });
  api = `${stack.url}/api/v1/auth`;
});
afterAll(async () => {
  await stack?.stop();
});

const me = (token: string) => call(`${api}/me`, { headers: bearer(token) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cookieOf = (res: JsonResponse): string => refreshCookieOf(res)!.value;

async function liveTokens(userId: string): Promise<number> {
  const rows = await stack.db.pool.query(
    'SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND rotated_at IS NULL AND revoked_at IS NULL',
    [userId],
  );
  return rows.rows[0].n as number;
}

describe('two refreshes with one cookie within the grace', () => {
  it('sequentially: both answer 200 with the same refresh cookie and working access tokens, and that cookie refreshes on', async () => {
    const account = await signUp(stack.url);
    const first = await refresh(stack.url, account.refreshToken);
    const second = await refresh(stack.url, account.refreshToken);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(cookieOf(second)).toBe(cookieOf(first));
    // A new access token each time, both of the same sign-in.
    expect(second.json.access_token).not.toBe(first.json.access_token);
    expect((await me(first.json.access_token)).status).toBe(200);
    expect((await me(second.json.access_token)).status).toBe(200);
    // The cookie lives as long as the token it carries: until the sign-in has been idle for REFRESH_IDLE_TTL (7 days).
    const maxAge = Number(
      refreshCookieOf(second)!
        .attributes.find((a) => a.startsWith('Max-Age='))!
        .slice('Max-Age='.length),
    );
    expect(maxAge).toBeGreaterThan(604_800 - 60);
    expect(maxAge).toBeLessThanOrEqual(604_800);
    // No extra live token: the family still has exactly one.
    expect(await liveTokens(account.userId)).toBe(1);
    const next = await refresh(stack.url, cookieOf(second));
    expect(next.status).toBe(200);
    expect((await me(next.json.access_token)).status).toBe(200);
  });

  it('concurrently: both answer 200, and whichever Set-Cookie the browser keeps last refreshes again', async () => {
    const account = await signUp(stack.url);
    const results = await Promise.all([refresh(stack.url, account.refreshToken), refresh(stack.url, account.refreshToken)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    for (const result of results) expect((await me(result.json.access_token)).status).toBe(200);
    // The same cookie in both answers, so the order they arrive in does not matter.
    expect(cookieOf(results[0]!)).toBe(cookieOf(results[1]!));
    const next = await refresh(stack.url, cookieOf(results[1]!));
    expect(next.status).toBe(200);
    expect((await me(next.json.access_token)).status).toBe(200);
    expect(await liveTokens(account.userId)).toBe(1);
  });

  it('two tabs reloading twice at once stay signed in, with one live token in the end', async () => {
    const account = await signUp(stack.url);
    const reload = () => Promise.all([refresh(stack.url, account.refreshToken), refresh(stack.url, account.refreshToken)]);
    const [tabA, tabB] = await reload();
    expect([tabA!.status, tabB!.status]).toEqual([200, 200]);
    // Each tab reloads again with the cookie it was given, at the same moment.
    const [againA, againB] = await Promise.all([refresh(stack.url, cookieOf(tabA!)), refresh(stack.url, cookieOf(tabB!))]);
    expect([againA!.status, againB!.status]).toEqual([200, 200]);
    expect(cookieOf(againA!)).toBe(cookieOf(againB!));
    for (const res of [againA!, againB!]) expect((await me(res.json.access_token)).status).toBe(200);
    expect(await liveTokens(account.userId)).toBe(1);
    expect((await refresh(stack.url, cookieOf(againB!))).status).toBe(200);
  });

  it('a token two rotations old, within the grace, gets the newest live token', async () => {
    const account = await signUp(stack.url);
    const second = cookieOf(await refresh(stack.url, account.refreshToken));
    const third = cookieOf(await refresh(stack.url, second));
    const late = await refresh(stack.url, account.refreshToken);
    expect(late.status).toBe(200);
    expect(cookieOf(late)).toBe(third);
    expect(await liveTokens(account.userId)).toBe(1);
  });

  it('never hands out the successor of a sign-in that ended meanwhile', async () => {
    const account = await signUp(stack.url);
    const first = await refresh(stack.url, account.refreshToken);
    await call(`${api}/logout`, {
      method: 'POST',
      headers: { ...bearer(first.json.access_token), Cookie: `refresh_token=${cookieOf(first)}` },
    });
    const reuse = await refresh(stack.url, account.refreshToken);
    expectEnvelope(reuse, 401, 'UNAUTHORIZED');
    expect(refreshCookieOf(reuse)).toBeUndefined();
  });

  it('keeps the successor only encrypted, and forgets it once the grace has passed', async () => {
    const account = await signUp(stack.url);
    const successor = cookieOf(await refresh(stack.url, account.refreshToken));
    const sealed = await stack.db.pool.query(
      'SELECT successor_sealed FROM refresh_tokens WHERE user_id = $1 AND successor_sealed IS NOT NULL',
      [account.userId],
    );
    expect(sealed.rows).toHaveLength(1);
    const bytes = Buffer.from(sealed.rows[0].successor_sealed as Uint8Array);
    for (const encoding of ['utf8', 'base64url', 'hex'] as const) expect(bytes.toString(encoding)).not.toContain(successor);
    // The clean-up runs on the grace; give it two rounds.
    await sleep(REUSE_GRACE_MS * 3 + 500);
    const left = await stack.db.pool.query(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND successor_sealed IS NOT NULL',
      [account.userId],
    );
    expect(left.rows[0].n).toBe(0);
  });
});

describe('reuse after the grace', () => {
  it('ends the whole sign-in: its newest refresh token and every access token of it are refused at once', async () => {
    const account = await signUp(stack.url);
    const rotated = await refresh(stack.url, account.refreshToken);
    const newest = cookieOf(rotated);
    // Another sign-in of the same person is a different family and survives.
    const otherDevice = await postJson(`${api}/login`, { email: account.email, password: account.password });
    // Both access tokens of the family work, and the gateway has seen them verify.
    expect((await me(account.accessToken)).status).toBe(200);
    expect((await me(rotated.json.access_token)).status).toBe(200);
    await sleep(REUSE_GRACE_MS + 300);

    expectEnvelope(await refresh(stack.url, account.refreshToken), 401, 'UNAUTHORIZED');
    expectEnvelope(await refresh(stack.url, newest), 401, 'UNAUTHORIZED');
    expectEnvelope(await me(account.accessToken), 401, 'UNAUTHORIZED');
    expectEnvelope(await me(rotated.json.access_token), 401, 'UNAUTHORIZED');
    expect((await me(otherDevice.json.access_token)).status).toBe(200);
    expect((await refresh(stack.url, cookieOf(otherDevice))).status).toBe(200);
  });
});
