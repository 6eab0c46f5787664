import { randomUUID } from 'node:crypto';
import { bearer, postJson, refresh, refreshCookieOf, signUp, uniqueEmail } from './helpers/auth';
import { freshDataDir, redisDatabase, testEnv } from './helpers/env';
import { call, expectEnvelope, startTestStack, type TestStack } from './helpers/stack';

/**
 * Rate limits and short token lifetimes, on a stack of their own. Behind
 * TRUST_PROXY each test speaks from its own X-Forwarded-For address, so the
 * per-IP counters of one test never touch another's.
 */
let stack: TestStack;
let api: string;

const LIMIT = 3;
const WINDOW_MS = 2_000;

beforeAll(async () => {
  stack = await startTestStack({
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_PER_IP: String(LIMIT),
    AUTH_RATE_LIMIT_PER_EMAIL: String(LIMIT),
    AUTH_RATE_LIMIT_WINDOW: `${WINDOW_MS}ms`,
    ACCESS_TOKEN_TTL: '2s',
    REFRESH_TOKEN_TTL: '3s',
    COOKIE_SECURE: 'true',
    // Counters of their own: another stack's registrations from 127.0.0.1, counted under the same key, once used up this stack's limit.
    ...(testEnv.mode === 'services' ? { REDIS_URL: redisDatabase(9) } : {}),
  });
  api = `${stack.url}/api/v1/auth`;
});
afterAll(async () => {
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let nextAddress = 1;
/** A client address of its own for each caller. */
const fromNewAddress = () => ({ 'X-Forwarded-For': `203.0.113.${nextAddress++}` });

describe('rate limits on login and register', () => {
  it('per client address: the attempt after the limit is 429 RATE_LIMITED with Retry-After, and the window resets', async () => {
    const client = fromNewAddress();
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      const res = await postJson(`${api}/login`, { email: uniqueEmail(), password: 'wrong password' }, client);
      expectEnvelope(res, 401, 'INVALID_CREDENTIALS');
    }
    const limited = await postJson(`${api}/login`, { email: uniqueEmail(), password: 'wrong password' }, client);
    const error = expectEnvelope(limited, 429, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(error.details).toEqual({ retryAfterSeconds: retryAfter });
    // Someone else is not affected.
    expectEnvelope(await postJson(`${api}/login`, { email: uniqueEmail(), password: 'x' }, fromNewAddress()), 401, 'INVALID_CREDENTIALS');
    // After the window, the same client may try again.
    await sleep(WINDOW_MS + 200);
    expectEnvelope(await postJson(`${api}/login`, { email: uniqueEmail(), password: 'x' }, client), 401, 'INVALID_CREDENTIALS');
  });

  it('per e-mail address: guessing from many addresses is limited, the owner’s device still signs in, a new device waits for the window', async () => {
    const account = await signUp(stack.url, {});
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      const res = await postJson(`${api}/login`, { email: account.email, password: `guess ${attempt}` }, fromNewAddress());
      expectEnvelope(res, 401, 'INVALID_CREDENTIALS');
    }
    // A device that never signed in to this account waits, even with the right password.
    const limited = await postJson(`${api}/login`, { email: account.email.toUpperCase(), password: account.password }, fromNewAddress());
    expectEnvelope(limited, 429, 'RATE_LIMITED');
    // The device the account registered from is not locked out by the others' failures.
    const owner = await postJson(
      `${api}/login`,
      { email: account.email, password: account.password },
      { ...fromNewAddress(), Cookie: `device_token=${account.deviceToken}` },
    );
    expect(owner.status).toBe(200);
    await sleep(WINDOW_MS + 200);
    expect((await postJson(`${api}/login`, { email: account.email, password: account.password }, fromNewAddress())).status).toBe(200);
  });

  it('counts the address our proxy saw, not what the client wrote to the left of it in X-Forwarded-For', async () => {
    const proxySaw = `198.51.100.${nextAddress++}`;
    const forged = () => ({ 'X-Forwarded-For': `10.${nextAddress++}.0.1, ${proxySaw}` });
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      expect((await postJson(`${api}/login`, { email: uniqueEmail(), password: 'x' }, forged())).status).toBe(401);
    }
    expectEnvelope(await postJson(`${api}/login`, { email: uniqueEmail(), password: 'x' }, forged()), 429, 'RATE_LIMITED');
  });

  it('per e-mail address only failures count: the person with the password can keep signing in', async () => {
    const account = await signUp(stack.url, {});
    for (let attempt = 1; attempt <= LIMIT + 2; attempt += 1) {
      const res = await postJson(`${api}/login`, { email: account.email, password: account.password }, fromNewAddress());
      expect([attempt, res.status]).toEqual([attempt, 200]);
    }
  });

  it('register is limited per e-mail address too, whatever the client address', async () => {
    const email = uniqueEmail('popular');
    const statuses = [];
    for (let attempt = 1; attempt <= LIMIT + 1; attempt += 1) {
      statuses.push(
        (await postJson(`${api}/register`, { email, password: 'correct horse' }, fromNewAddress())).json?.error?.code ?? 'created',
      );
    }
    expect(statuses).toEqual(['created', ...Array<string>(LIMIT - 1).fill('EMAIL_ALREADY_EXISTS'), 'RATE_LIMITED']);
  });

  it('register is limited per client address as well', async () => {
    const client = fromNewAddress();
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      expect((await postJson(`${api}/register`, { email: uniqueEmail(), password: 'correct horse' }, client)).status).toBe(201);
    }
    const limited = await postJson(`${api}/register`, { email: uniqueEmail(), password: 'correct horse' }, client);
    expectEnvelope(limited, 429, 'RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('short token lifetimes and COOKIE_SECURE', () => {
  it('marks the refresh cookie Secure, with Max-Age equal to REFRESH_TOKEN_TTL', async () => {
    const res = await postJson(`${api}/register`, { email: uniqueEmail(), password: 'correct horse' }, fromNewAddress());
    expect(refreshCookieOf(res)!.attributes).toEqual(expect.arrayContaining(['Secure', 'Max-Age=3', 'HttpOnly']));
    const logout = await call(`${api}/logout`, { method: 'POST', headers: fromNewAddress() });
    expect(refreshCookieOf(logout)!.attributes).toEqual(expect.arrayContaining(['Secure', 'Max-Age=0']));
  });

  // How long the entry lasts (the access-token lifetime plus the clock allowance) is checked in family-revocation.test.ts.
  it('a logged-out token is refused through one entry for its whole sign-in', async () => {
    const res = await postJson(`${api}/register`, { email: uniqueEmail(), password: 'correct horse' }, fromNewAddress());
    const token = res.json.access_token as string;
    const fid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).fid as string;
    await call(`${api}/logout`, { method: 'POST', headers: { ...bearer(token), ...fromNewAddress() } });
    expect(await stack.cache.get(`auth:revoked-family:${fid}`)).not.toBeNull();
    expectEnvelope(await call(`${api}/me`, { headers: bearer(token) }), 401, 'UNAUTHORIZED');
  });

  it('an access token stops working when it expires, and a refresh token when it does', async () => {
    const res = await postJson(`${api}/register`, { email: `${randomUUID()}@example.com`, password: 'correct horse' }, fromNewAddress());
    const token = res.json.access_token as string;
    expect(res.json.expires_in).toBe(2);
    expect((await call(`${api}/me`, { headers: bearer(token) })).status).toBe(200);
    await sleep(3_200);
    const expired = await call(`${api}/me`, { headers: bearer(token) });
    expect(expectEnvelope(expired, 401, 'UNAUTHORIZED').message).toMatch(/expired/);
    expectEnvelope(await refresh(stack.url, refreshCookieOf(res)!.value), 401, 'UNAUTHORIZED');
  });
});

describe('a change of BCRYPT_COST', () => {
  it('rehashes a password at the new cost on the next successful login', async () => {
    // Two stacks one after the other on the same database.
    const dataDir = await freshDataDir();
    const before = await startTestStack({ BCRYPT_COST: '4', DATA_DIR: dataDir });
    const account = await signUp(before.url);
    await before.stop();
    const after = await startTestStack({ BCRYPT_COST: '5', DATA_DIR: dataDir });
    try {
      const hashOf = async () =>
        (await after.db.pool.query('SELECT password_hash FROM users WHERE id = $1', [account.userId])).rows[0].password_hash as string;
      expect(await hashOf()).toMatch(/^hmac-sha256:\$2b\$04\$/);
      expectEnvelope(
        await postJson(`${after.url}/api/v1/auth/login`, { email: account.email, password: 'wrong password' }),
        401,
        'INVALID_CREDENTIALS',
      );
      expect(await hashOf()).toMatch(/^hmac-sha256:\$2b\$04\$/);
      expect((await postJson(`${after.url}/api/v1/auth/login`, { email: account.email, password: account.password })).status).toBe(200);
      expect(await hashOf()).toMatch(/^hmac-sha256:\$2b\$05\$/);
      expect((await postJson(`${after.url}/api/v1/auth/login`, { email: account.email, password: account.password })).status).toBe(200);
    } finally {
      await after.stop();
    }
  });
});
