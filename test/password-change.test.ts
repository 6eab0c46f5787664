import { bearer, postJson, refresh, refreshCookieOf, signUp, type SignedUp } from './helpers/auth';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';

// POST /auth/password: the current password as at login, the new one by the
// register rules; every sign-in ends, and the caller's continues with a fresh pair.

let stack: TestStack;
let api: string;

/** Wrong current passwords allowed per account in the window (the per-address login limit). */
const LIMIT = 3;

beforeAll(async () => {
  stack = await startTestStack({ AUTH_RATE_LIMIT_PER_EMAIL: String(LIMIT) }, { captureLogs: true });
  api = `${stack.url}/api/v1/auth`;
});
afterAll(async () => {
  await stack?.stop();
});

const me = (token: string) => call(`${api}/me`, { headers: bearer(token) });
const changePassword = (token: string, body: unknown) => postJson(`${api}/password`, body, bearer(token));
const login = (email: string, password: string) => postJson(`${api}/login`, { email, password });
const NEW_PASSWORD = 'a brand new passphrase';

async function expectUnchanged(account: SignedUp, other: JsonResponse): Promise<void> {
  expect((await me(account.accessToken)).status).toBe(200);
  expect((await me(other.json.access_token)).status).toBe(200);
  expect((await login(account.email, account.password)).status).toBe(200);
}

describe('POST /auth/password', () => {
  it('sets the new password, ends every sign-in including the old tokens of this device, and signs this device in afresh', async () => {
    const account = await signUp(stack.url);
    const otherDevice = await login(account.email, account.password);
    expect((await me(account.accessToken)).status).toBe(200);

    const res = await changePassword(account.accessToken, { currentPassword: account.password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'Bearer',
      expires_in: 900,
      user: { id: account.userId, email: account.email, created_at: expect.any(String) },
    });
    const cookie = refreshCookieOf(res)!;
    expect(cookie.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Path=/api/v1/auth', 'SameSite=Lax', 'Max-Age=604800']));

    // The fresh pair works.
    expect((await me(res.json.access_token)).status).toBe(200);
    // Everything from before is refused at once: this device's old tokens and the other device's.
    expectEnvelope(await me(account.accessToken), 401, 'UNAUTHORIZED');
    expectEnvelope(await me(otherDevice.json.access_token), 401, 'UNAUTHORIZED');
    expectEnvelope(await refresh(stack.url, account.refreshToken), 401, 'UNAUTHORIZED');
    expectEnvelope(await refresh(stack.url, refreshCookieOf(otherDevice)!.value), 401, 'UNAUTHORIZED');
    // One sign-in is left, the current one.
    const listed = await call(`${api}/sessions`, { headers: bearer(res.json.access_token) });
    expect(listed.json.sessions.map((s: { current: boolean }) => s.current)).toEqual([true]);
    expect((await refresh(stack.url, cookie.value)).status).toBe(200);

    expectEnvelope(await login(account.email, account.password), 401, 'INVALID_CREDENTIALS');
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers 403 INCORRECT_PASSWORD for a wrong current password and changes nothing', async () => {
    const account = await signUp(stack.url);
    const otherDevice = await login(account.email, account.password);
    const res = await changePassword(account.accessToken, { currentPassword: 'not the password', newPassword: NEW_PASSWORD });
    expectEnvelope(res, 403, 'INCORRECT_PASSWORD');
    expect(refreshCookieOf(res)).toBeUndefined();
    await expectUnchanged(account, otherDevice);
    expectEnvelope(await login(account.email, NEW_PASSWORD), 401, 'INVALID_CREDENTIALS');
  });

  it(`limits wrong current passwords per account: after ${LIMIT}, 429 RATE_LIMITED even for the right one`, async () => {
    const account = await signUp(stack.url);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expectEnvelope(
        await changePassword(account.accessToken, { currentPassword: `wrong ${attempt}`, newPassword: NEW_PASSWORD }),
        403,
        'INCORRECT_PASSWORD',
      );
    }
    const limited = await changePassword(account.accessToken, { currentPassword: account.password, newPassword: NEW_PASSWORD });
    expectEnvelope(limited, 429, 'RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another person is not affected.
    const other = await signUp(stack.url);
    expect((await changePassword(other.accessToken, { currentPassword: other.password, newPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it.each([
    ['too short', 'INVALID_PASSWORD', { newPassword: 'short' }],
    ['longer than 128 characters', 'INVALID_PASSWORD', { newPassword: 'é'.repeat(129) }],
    ['among the most common ones', 'INVALID_PASSWORD', { newPassword: 'password' }],
    ['the same as the current one', 'INVALID_PASSWORD', { newPassword: 'correct horse battery' }],
    ['missing', 'INVALID_INPUT', { newPassword: undefined }],
    ['not a string', 'INVALID_INPUT', { newPassword: 12345678 }],
  ])('refuses a new password that is %s: 400 %s, and changes nothing', async (_case, code, override) => {
    const account = await signUp(stack.url);
    const otherDevice = await login(account.email, account.password);
    const error = expectEnvelope(await changePassword(account.accessToken, { currentPassword: account.password, ...override }), 400, code);
    expect(error.details).toEqual({ field: 'newPassword' });
    await expectUnchanged(account, otherDevice);
  });

  it('says in its own words that the new password must differ', async () => {
    const account = await signUp(stack.url);
    const error = expectEnvelope(
      await changePassword(account.accessToken, { currentPassword: account.password, newPassword: account.password }),
      400,
      'INVALID_PASSWORD',
    );
    expect(error.message).toMatch(/different from the current/);
  });

  it.each([
    ['no current password', { newPassword: NEW_PASSWORD }],
    ['an empty current password', { currentPassword: '', newPassword: NEW_PASSWORD }],
    ['an unknown field', { currentPassword: 'x', newPassword: NEW_PASSWORD, email: 'a@b.co' }],
    ['an array body', []],
  ])('answers 400 INVALID_INPUT for %s', async (_case, body) => {
    const account = await signUp(stack.url);
    expectEnvelope(await changePassword(account.accessToken, body), 400, 'INVALID_INPUT');
  });

  it('answers 401 without a bearer token, and for a token whose sign-in has ended', async () => {
    const account = await signUp(stack.url);
    const body = { currentPassword: account.password, newPassword: NEW_PASSWORD };
    expectEnvelope(await postJson(`${api}/password`, body), 401, 'UNAUTHORIZED');
    await call(`${api}/logout`, { method: 'POST', headers: bearer(account.accessToken) });
    expectEnvelope(await changePassword(account.accessToken, body), 401, 'UNAUTHORIZED');
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it('never writes either password into the logs', async () => {
    const account = await signUp(stack.url, { password: 'old secret passphrase 1' });
    await changePassword(account.accessToken, { currentPassword: 'wrong secret passphrase 2', newPassword: 'new secret passphrase 3' });
    await changePassword(account.accessToken, { currentPassword: account.password, newPassword: 'new secret passphrase 4' });
    const text = stack.logs.map((line) => JSON.stringify(line)).join('\n');
    expect(text).toContain(account.userId);
    for (const secret of ['old secret passphrase 1', 'wrong secret passphrase 2', 'new secret passphrase 3', 'new secret passphrase 4']) {
      expect(text).not.toContain(secret);
    }
  });
});
