import { createHash, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { bearer, JSON_HEADERS, postJson, refresh, refreshCookieOf, signUp, uniqueEmail } from './helpers/auth';
import { call, expectEnvelope, startTestStack, type TestStack } from './helpers/stack';

let stack: TestStack;
let api: string;

/** Long enough to be read after a test's first refresh, short enough to wait out. */
const REUSE_GRACE_MS = 1_500;

beforeAll(async () => {
  stack = await startTestStack({ REFRESH_REUSE_GRACE: `${REUSE_GRACE_MS}ms` }, { captureLogs: true });
  api = `${stack.url}/api/v1/auth`;
});
afterAll(async () => {
  await stack?.stop();
});

const me = (token: string) => call(`${api}/me`, { headers: bearer(token) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('POST /auth/register', () => {
  it('creates the account: 201 with the Auth result, and the refresh token only in the cookie', async () => {
    const email = uniqueEmail('new');
    const res = await postJson(`${api}/register`, { email, password: 'correct horse battery' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'Bearer',
      expires_in: 900,
      user: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), email, created_at: expect.any(String) },
    });
    expect(Date.now() - Date.parse(res.json.user.created_at)).toBeLessThan(60_000);
    expect(res.text).not.toContain('refresh');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = refreshCookieOf(res)!;
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    // The new account works at once.
    expect((await me(res.json.access_token)).json).toEqual(res.json.user);
  });

  it('sets the cookie HttpOnly, on /api/v1/auth, SameSite=Lax, until the sign-in would end unused (REFRESH_IDLE_TTL), and not Secure by default', async () => {
    const res = await postJson(`${api}/register`, { email: uniqueEmail(), password: 'correct horse battery' });
    const { attributes } = refreshCookieOf(res)!;
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Path=/api/v1/auth', 'SameSite=Lax', 'Max-Age=604800']));
    expect(attributes).not.toContain('Secure');
  });

  it('trims and lower-cases the e-mail address, and treats case variants as the same account', async () => {
    const local = `Mixed.Case-${randomUUID()}`;
    const res = await postJson(`${api}/register`, { email: `  ${local}@Example.ORG \t`, password: 'correct horse battery' });
    expect(res.status).toBe(201);
    expect(res.json.user.email).toBe(`${local.toLowerCase()}@example.org`);
    const again = await postJson(`${api}/register`, { email: `${local.toUpperCase()}@EXAMPLE.org`, password: 'another password' });
    expectEnvelope(again, 400, 'EMAIL_ALREADY_EXISTS');
    const login = await postJson(`${api}/login`, { email: ` ${local.toUpperCase()}@example.ORG`, password: 'correct horse battery' });
    expect(login.status).toBe(200);
    expect(login.json.user.id).toBe(res.json.user.id);
  });

  it('accepts unicode in the address and the password', async () => {
    const email = `jürgen-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'пароль-密码-🔑';
    expect((await postJson(`${api}/register`, { email, password })).status).toBe(201);
    expect((await postJson(`${api}/login`, { email, password })).status).toBe(200);
  });

  it('compares passwords as NFC, so a decomposed accent matches the composed one', async () => {
    const email = uniqueEmail('nfc');
    await signUp(stack.url, { email, password: 'caf\u00e9 au lait' });
    expect((await postJson(`${api}/login`, { email, password: 'cafe\u0301 au lait' })).status).toBe(200);
  });

  it.each([
    ['no @', 'not-an-address'],
    ['no domain', 'someone@'],
    ['no local part', '@example.com'],
    ['a space inside', 'some one@example.com'],
    ['no top-level domain', 'someone@localhost'],
    ['two @', 'a@b@example.com'],
    ['empty', ''],
    ['only spaces', '   '],
    ['an injection string', "x' OR 1=1 --@example.com"],
    ['a header injection', 'a@example.com\r\nBcc: b@example.com'],
    ['255 characters', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`],
  ])('refuses an e-mail address with %s: 400 INVALID_EMAIL on email', async (_case, email) => {
    const res = await postJson(`${api}/register`, { email, password: 'correct horse battery' });
    expect(expectEnvelope(res, 400, 'INVALID_EMAIL').details).toEqual({ field: 'email' });
  });

  it('accepts an address of exactly 254 characters', async () => {
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    const local = `${randomUUID().replace(/-/g, '')}${'a'.repeat(32)}`;
    const email = `${local}@${domain}`;
    expect(email).toHaveLength(254);
    expect((await postJson(`${api}/register`, { email, password: 'correct horse battery' })).status).toBe(201);
  });

  it.each([
    ['7 characters', 'abcdefg', /at least 8 characters/],
    ['empty', '', /at least 8 characters/],
    ['7 emoji (28 bytes, but 7 characters)', '🔑🔑🔑🔑🔑🔑🔑', /at least 8 characters/],
    ['129 characters', 'correct horse battery '.repeat(6).slice(0, 129), /^The password must be at most 128 characters long\.$/],
    ['129 emoji', '🔑'.repeat(129), /^The password must be at most 128 characters long\.$/],
  ])('refuses a password of %s: 400 INVALID_PASSWORD on password', async (_case, password, message) => {
    const res = await postJson(`${api}/register`, { email: uniqueEmail(), password });
    const error = expectEnvelope(res, 400, 'INVALID_PASSWORD');
    expect(error.details).toEqual({ field: 'password' });
    expect(error.message).toMatch(message);
  });

  it('accepts a password of exactly 8 characters and one of exactly 128 (512 bytes of emoji), and signs in with it', async () => {
    expect((await postJson(`${api}/register`, { email: uniqueEmail(), password: 'tw0 oaks' })).status).toBe(201);
    const email = uniqueEmail();
    const password = [...'🌳🐢🎈🔑🍀🚲📚🎵'.repeat(16)].join('');
    expect([...password]).toHaveLength(128);
    expect((await postJson(`${api}/register`, { email, password })).status).toBe(201);
    expect((await postJson(`${api}/login`, { email, password })).status).toBe(200);
  });

  it.each([
    ['a missing email', { password: 'correct horse battery' }, 'email'],
    ['a missing password', { email: 'x@example.com' }, 'password'],
    ['a numeric email', { email: 42, password: 'correct horse battery' }, 'email'],
    ['a null password', { email: 'x@example.com', password: null }, 'password'],
    ['an object as password', { email: 'x@example.com', password: { $gt: '' } }, 'password'],
    ['an array as email', { email: ['x@example.com'], password: 'correct horse battery' }, 'email'],
    ['an unknown field', { email: 'x@example.com', password: 'correct horse battery', role: 'admin' }, 'role'],
    ['an array body', [{ email: 'x@example.com', password: 'correct horse battery' }], 'body'],
    ['an empty body', {}, 'email'],
  ])('refuses %s: 400 INVALID_INPUT naming the field', async (_case, body, field) => {
    const res = await postJson(`${api}/register`, body);
    expect(expectEnvelope(res, 400, 'INVALID_INPUT').details).toEqual({ field });
  });

  it('never echoes the password in an error', async () => {
    const password = 'short!';
    const res = await postJson(`${api}/register`, { email: uniqueEmail(), password });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain(password);
  });

  it('lets exactly one of several concurrent registrations of one address win; the rest get EMAIL_ALREADY_EXISTS', async () => {
    const email = uniqueEmail('race');
    const variants = [email, email.toUpperCase(), ` ${email}`, `${email} `, email];
    const results = await Promise.all(variants.map((e) => postJson(`${api}/register`, { email: e, password: 'correct horse battery' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400]);
    for (const lost of results.filter((r) => r.status === 400)) expectEnvelope(lost, 400, 'EMAIL_ALREADY_EXISTS');
    const rows = await stack.db.pool.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [email]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('stores a bcrypt hash of the configured cost over the keyed HMAC (marked as such), never the password', async () => {
    const { email, password } = await signUp(stack.url);
    const row = (await stack.db.pool.query('SELECT password_hash FROM users WHERE email = $1', [email])).rows[0];
    expect(row.password_hash).toMatch(/^hmac-sha256:\$2b\$04\$/);
    expect(row.password_hash).not.toContain(password);
  });
});

describe('POST /auth/login', () => {
  it('signs in: 200 with the Auth result and a fresh refresh cookie', async () => {
    const account = await signUp(stack.url);
    const res = await postJson(`${api}/login`, { email: account.email, password: account.password });
    expect(res.status).toBe(200);
    expect(res.json.user).toEqual({ id: account.userId, email: account.email, created_at: expect.any(String) });
    expect(res.json.access_token).not.toBe(account.accessToken);
    const cookie = refreshCookieOf(res)!;
    expect(cookie.value).not.toBe(account.refreshToken);
    expect(cookie.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Path=/api/v1/auth', 'SameSite=Lax']));
    expect((await me(res.json.access_token)).status).toBe(200);
  });

  it('gives the same 401 INVALID_CREDENTIALS for an unknown address and a wrong password', async () => {
    const account = await signUp(stack.url);
    const wrongPassword = await postJson(`${api}/login`, { email: account.email, password: 'not the password' });
    const unknownUser = await postJson(`${api}/login`, { email: uniqueEmail('ghost'), password: account.password });
    const a = expectEnvelope(wrongPassword, 401, 'INVALID_CREDENTIALS');
    const b = expectEnvelope(unknownUser, 401, 'INVALID_CREDENTIALS');
    expect(a).toEqual(b);
    expect(refreshCookieOf(wrongPassword)).toBeUndefined();
  });

  it('refuses a password that only matches in its first 72 bytes (no bcrypt truncation)', async () => {
    const password = 'correct horse battery staple '.repeat(3).slice(0, 72);
    const { email } = await signUp(stack.url, { password });
    expectEnvelope(await postJson(`${api}/login`, { email, password: `${password}extra` }), 401, 'INVALID_CREDENTIALS');
    // A NUL (bcrypt would stop there) is refused with any body text PostgreSQL cannot store, before the password is checked.
    const nul = await postJson(`${api}/login`, { email, password: `${'p'.repeat(8)}\u0000` });
    expect(expectEnvelope(nul, 400, 'INVALID_INPUT').details).toEqual({ field: 'password' });
  });

  it.each([
    ['a missing email', { password: 'x' }, 'email'],
    ['an empty password', { email: 'a@example.com', password: '' }, 'password'],
    ['a numeric password', { email: 'a@example.com', password: 12345678 }, 'password'],
    ['an operator object as password', { email: 'a@example.com', password: { $ne: null } }, 'password'],
    ['an array body', ['a@example.com'], 'body'],
  ])('refuses %s: 400 INVALID_INPUT naming the field', async (_case, body, field) => {
    expect(expectEnvelope(await postJson(`${api}/login`, body), 400, 'INVALID_INPUT').details).toEqual({ field });
  });

  it('treats SQL in the address as a plain unknown address', async () => {
    const res = await postJson(`${api}/login`, { email: "' OR '1'='1", password: "' OR '1'='1" });
    expectEnvelope(res, 401, 'INVALID_CREDENTIALS');
  });
});

describe('access tokens', () => {
  let account: Awaited<ReturnType<typeof signUp>>;
  const key = () => new TextEncoder().encode(stack.config.jwtSecret);
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    account = await signUp(stack.url);
  });

  it('GET /auth/me answers the User for a valid token', async () => {
    const res = await me(account.accessToken);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: account.userId, email: account.email, created_at: expect.any(String) });
  });

  it('carries sub, jti, iat and exp, expiring after ACCESS_TOKEN_TTL (15 minutes by default)', () => {
    const payload = JSON.parse(Buffer.from(account.accessToken.split('.')[1]!, 'base64url').toString('utf8'));
    expect(payload).toMatchObject({ sub: account.userId, jti: expect.any(String), iat: expect.any(Number), exp: expect.any(Number) });
    expect(payload.exp - payload.iat).toBe(900);
    const header = JSON.parse(Buffer.from(account.accessToken.split('.')[0]!, 'base64url').toString('utf8'));
    expect(header.alg).toBe('HS256');
  });

  const sign = (claims: Record<string, unknown>, options: { alg?: string; secret?: Uint8Array } = {}) =>
    new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' }).sign(options.secret ?? key());
  const validClaims = () => ({
    sub: account.userId,
    jti: randomUUID(),
    iss: 'evalplan',
    aud: 'evalplan-api',
    iat: now(),
    exp: now() + 600,
  });

  it('a token we sign ourselves with the right key and claims is accepted (the forgeries below differ in one thing)', async () => {
    expect((await me(await sign(validClaims()))).status).toBe(200);
  });

  it.each([
    ['no Authorization header', async () => undefined],
    [
      'alg "none"',
      async () => {
        const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
        const payload = Buffer.from(JSON.stringify(validClaims())).toString('base64url');
        return `${header}.${payload}.`;
      },
    ],
    ['HS512 with the right key', async () => sign(validClaims(), { alg: 'HS512' })],
    ['HS384 with the right key', async () => sign(validClaims(), { alg: 'HS384' })],
    ['a wrong key', async () => sign(validClaims(), { secret: new TextEncoder().encode('x'.repeat(48)) })],
    [
      'an edited payload (lifetime extended by a day, original signature)',
      async () => {
        const [header, , signature] = account.accessToken.split('.');
        const payload = JSON.parse(Buffer.from(account.accessToken.split('.')[1]!, 'base64url').toString('utf8'));
        const edited = Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 86_400 })).toString('base64url');
        return `${header}.${edited}.${signature}`;
      },
    ],
    ['an expired token', async () => sign({ ...validClaims(), iat: now() - 1200, exp: now() - 300 })],
    ['no jti', async () => sign({ ...validClaims(), jti: undefined })],
    ['no exp', async () => sign({ ...validClaims(), exp: undefined })],
    ['a subject that is not a user id', async () => sign({ ...validClaims(), sub: "1' OR '1'='1" })],
    ['garbage', async () => 'not.a.token'],
    ['an 8 KB token', async () => 'a'.repeat(8192)],
  ])('refuses %s: 401 UNAUTHORIZED', async (_case, makeToken) => {
    const token = await makeToken();
    const res = token === undefined ? await call(`${api}/me`) : await me(token);
    expectEnvelope(res, 401, 'UNAUTHORIZED');
  });

  it.each([
    ['Basic credentials', 'Basic dXNlcjpwYXNz'],
    ['the word Bearer alone', 'Bearer'],
    ['two tokens', 'Bearer a b'],
  ])('refuses an Authorization header with %s: 401 UNAUTHORIZED', async (_case, header) => {
    expectEnvelope(await call(`${api}/me`, { headers: { Authorization: header } }), 401, 'UNAUTHORIZED');
  });

  it('refuses a correctly signed token for a user that does not exist', async () => {
    expectEnvelope(await me(await sign({ ...validClaims(), sub: randomUUID() })), 401, 'UNAUTHORIZED');
  });

  it('accepts the scheme in any case, as RFC 9110 says', async () => {
    expect((await call(`${api}/me`, { headers: { Authorization: `bearer ${account.accessToken}` } })).status).toBe(200);
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: a new access token and a new cookie, in exchange for the old cookie', async () => {
    const account = await signUp(stack.url);
    const res = await refresh(stack.url, account.refreshToken);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ access_token: expect.any(String), user: { id: account.userId, email: account.email } });
    expect(res.json.access_token).not.toBe(account.accessToken);
    const cookie = refreshCookieOf(res)!;
    expect(cookie.value).not.toBe(account.refreshToken);
    expect(cookie.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Path=/api/v1/auth', 'SameSite=Lax', 'Max-Age=604800']));
    expect((await me(res.json.access_token)).status).toBe(200);
    // And the new cookie refreshes in turn.
    expect((await refresh(stack.url, cookie.value)).status).toBe(200);
  });

  it('accepts a body-less POST without Content-Type, and ignores a JSON body', async () => {
    const account = await signUp(stack.url);
    const bare = await fetch(`${api}/refresh`, { method: 'POST', headers: { Cookie: `refresh_token=${account.refreshToken}` } });
    expect(bare.status).toBe(200);
    const next = refreshCookieOf({ headers: bare.headers } as never)!.value;
    const withBody = await call(`${api}/refresh`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, Cookie: `refresh_token=${next}` },
      body: '{"refresh_token":"ignored"}',
    });
    expect(withBody.status).toBe(200);
  });

  it.each([
    ['no cookie', undefined],
    ['an empty cookie', ''],
    ['a made-up token', 'A'.repeat(43)],
    ['a token of the wrong shape', '../../etc/passwd'],
  ])('answers 401 UNAUTHORIZED for %s', async (_case, token) => {
    const res = token === undefined ? await call(`${api}/refresh`, { method: 'POST' }) : await refresh(stack.url, token);
    expectEnvelope(res, 401, 'UNAUTHORIZED');
  });

  it('does not accept the access token in place of the refresh token', async () => {
    const account = await signUp(stack.url);
    expectEnvelope(await refresh(stack.url, account.accessToken), 401, 'UNAUTHORIZED');
  });

  it('stores refresh tokens only as SHA-256 hashes', async () => {
    const account = await signUp(stack.url);
    const hash = createHash('sha256').update(account.refreshToken).digest();
    const rows = await stack.db.pool.query(
      `SELECT encode(token_hash, 'hex') AS hash FROM refresh_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1`,
      [account.email],
    );
    expect(rows.rows).toEqual([{ hash: hash.toString('hex') }]);
  });

  it('a rotated token reused within the grace gets the same refresh token back and revokes nothing', async () => {
    const account = await signUp(stack.url);
    const first = await refresh(stack.url, account.refreshToken);
    const newer = refreshCookieOf(first)!.value;
    const reuse = await refresh(stack.url, account.refreshToken);
    expect(reuse.status).toBe(200);
    expect(refreshCookieOf(reuse)!.value).toBe(newer);
    expect((await me(reuse.json.access_token)).status).toBe(200);
    expect((await refresh(stack.url, newer)).status).toBe(200);
  });

  it('a rotated token reused after the grace is theft: the whole family is revoked, the newest token included', async () => {
    const account = await signUp(stack.url);
    const second = refreshCookieOf(await refresh(stack.url, account.refreshToken))!.value;
    const third = refreshCookieOf(await refresh(stack.url, second))!.value;
    // Another sign-in of the same person is a different family and survives.
    const otherDevice = await postJson(`${api}/login`, { email: account.email, password: account.password });
    await sleep(REUSE_GRACE_MS + 300);
    expectEnvelope(await refresh(stack.url, account.refreshToken), 401, 'UNAUTHORIZED');
    expectEnvelope(await refresh(stack.url, third), 401, 'UNAUTHORIZED');
    expectEnvelope(await refresh(stack.url, second), 401, 'UNAUTHORIZED');
    expect((await refresh(stack.url, refreshCookieOf(otherDevice)!.value)).status).toBe(200);
    expect(stack.logs.some((l) => l.service === 'auth-service' && l.user_id === account.userId && /reused/.test(l.msg))).toBe(true);
  });

  it('many concurrent refreshes with one cookie all succeed with one and the same refresh token, the only live one', async () => {
    const account = await signUp(stack.url);
    const results = await Promise.all(Array.from({ length: 8 }, () => refresh(stack.url, account.refreshToken)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => refreshCookieOf(r)!.value)).size).toBe(1);
    const rows = await stack.db.pool.query(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND rotated_at IS NULL AND revoked_at IS NULL',
      [account.userId],
    );
    expect(rows.rows[0].n).toBe(1);
  });
});

describe('POST /auth/logout', () => {
  it('ends the sign-in: its access token is refused at once, the refresh token revoked and the cookie cleared', async () => {
    const account = await signUp(stack.url);
    // Used once first, so the gateway has already seen it verify.
    expect((await me(account.accessToken)).status).toBe(200);
    const res = await call(`${api}/logout`, {
      method: 'POST',
      headers: { ...bearer(account.accessToken), Cookie: `refresh_token=${account.refreshToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    const cleared = refreshCookieOf(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual(expect.arrayContaining(['Max-Age=0', 'Path=/api/v1/auth', 'HttpOnly']));
    expectEnvelope(await me(account.accessToken), 401, 'UNAUTHORIZED');
    expectEnvelope(await refresh(stack.url, account.refreshToken), 401, 'UNAUTHORIZED');
    // One Redis entry for the whole sign-in, not one per access token.
    const fid = JSON.parse(Buffer.from(account.accessToken.split('.')[1]!, 'base64url').toString('utf8')).fid as string;
    expect(await stack.cache.get(`auth:revoked-family:${fid}`)).not.toBeNull();
  });

  it('a logout racing a refresh of the same sign-in never leaves a working successor token', async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const account = await signUp(stack.url);
      const [refreshed, loggedOut] = await Promise.all([
        refresh(stack.url, account.refreshToken),
        call(`${api}/logout`, { method: 'POST', headers: { Cookie: `refresh_token=${account.refreshToken}` } }),
      ]);
      expect(loggedOut.status).toBe(200);
      if (refreshed.status === 200) expectEnvelope(await refresh(stack.url, refreshCookieOf(refreshed)!.value), 401, 'UNAUTHORIZED');
      else expectEnvelope(refreshed, 401, 'UNAUTHORIZED');
    }
  });

  it('logs out one sign-in only: another device of the same person stays signed in', async () => {
    const account = await signUp(stack.url);
    const other = await postJson(`${api}/login`, { email: account.email, password: account.password });
    await call(`${api}/logout`, {
      method: 'POST',
      headers: { ...bearer(account.accessToken), Cookie: `refresh_token=${account.refreshToken}` },
    });
    expect((await me(other.json.access_token)).status).toBe(200);
    expect((await refresh(stack.url, refreshCookieOf(other)!.value)).status).toBe(200);
  });

  it.each([
    ['nothing at all', {}],
    ['an invalid bearer token', { Authorization: 'Bearer nonsense' }],
    ['a malformed Authorization header', { Authorization: 'Token abc' }],
    ['an unknown refresh cookie', { Cookie: `refresh_token=${'B'.repeat(43)}` }],
    ['a garbage refresh cookie', { Cookie: 'refresh_token=%%%' }],
    ['a JSON content type and no body', JSON_HEADERS],
  ])('always answers 200 {status:"ok"} and clears the cookie, with %s', async (_case, headers) => {
    const res = await call(`${api}/logout`, { method: 'POST', headers });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(refreshCookieOf(res)?.attributes).toContain('Max-Age=0');
  });

  it('logging out twice with the same tokens is fine', async () => {
    const account = await signUp(stack.url);
    const headers = { ...bearer(account.accessToken), Cookie: `refresh_token=${account.refreshToken}` };
    expect((await call(`${api}/logout`, { method: 'POST', headers })).status).toBe(200);
    expect((await call(`${api}/logout`, { method: 'POST', headers })).status).toBe(200);
  });
});

describe('the guard on other routes', () => {
  it('bearer-required routes answer 401 without a token and let a valid one through', async () => {
    const { accessToken } = await signUp(stack.url);
    const unknown = '0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';
    for (const [method, path, body, status] of [
      ['GET', '/api/v1/projects', undefined, 200],
      ['POST', '/api/v1/projects', { name: 'Guarded' }, 201],
      ['GET', `/api/v1/projects/${unknown}`, undefined, 404],
      ['DELETE', `/api/v1/projects/${unknown}`, undefined, 404],
      ['POST', `/api/v1/sessions/${unknown}/convert`, { name: 'Guarded' }, 404],
    ] as const) {
      const init = { method, body: body === undefined ? undefined : JSON.stringify(body) };
      expectEnvelope(await call(`${stack.url}${path}`, { ...init, headers: JSON_HEADERS }), 401, 'UNAUTHORIZED');
      const allowed = await call(`${stack.url}${path}`, { ...init, headers: { ...JSON_HEADERS, ...bearer(accessToken) } });
      expect([method, path, allowed.status]).toEqual([method, path, status]);
    }
  });

  it('the optional-bearer activity route is open anonymously, but refuses an invalid token', async () => {
    const body = JSON.stringify({ type: 'page_view' });
    const anonymous = await call(`${stack.url}/api/v1/activity/events`, { method: 'POST', headers: JSON_HEADERS, body });
    expect(anonymous.status).not.toBe(401);
    const invalid = await call(`${stack.url}/api/v1/activity/events`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, Authorization: 'Bearer invalid' },
      body,
    });
    expectEnvelope(invalid, 401, 'UNAUTHORIZED');
  });
});

describe('secrets stay out of logs', () => {
  it('no log line of a full sign-up, login, refresh and logout holds a password, token or hash', async () => {
    const password = `secret-${randomUUID()}`;
    const account = await signUp(stack.url, { password });
    const login = await postJson(`${api}/login`, { email: account.email, password });
    await postJson(`${api}/login`, { email: account.email, password: `${password}-wrong` });
    const rotated = await refresh(stack.url, refreshCookieOf(login)!.value);
    await call(`${api}/logout`, {
      method: 'POST',
      headers: { ...bearer(rotated.json.access_token), Cookie: `refresh_token=${refreshCookieOf(rotated)!.value}` },
    });
    const hash = (await stack.db.pool.query('SELECT password_hash FROM users WHERE id = $1', [account.userId])).rows[0].password_hash;
    const secrets = [
      password,
      account.accessToken,
      account.refreshToken,
      login.json.access_token,
      refreshCookieOf(login)!.value,
      rotated.json.access_token,
      hash,
      createHash('sha256').update(account.refreshToken).digest('hex'),
    ];
    const text = stack.logs.map((line) => JSON.stringify(line)).join('\n');
    expect(text).toContain(account.userId);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
