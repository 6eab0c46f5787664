import { randomBytes, randomUUID } from 'node:crypto';
import { bearer, deviceCookieOf, postJson, signUp, type SignedUp, uniqueEmail } from './helpers/auth';
import { redisDatabase, testEnv } from './helpers/env';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';

/**
 * Login, password change and account deletion limits that hold: every
 * attempt is counted before its password is checked, so concurrent guesses
 * cannot slip past a limit together; an hourly ceiling holds across short
 * windows; and the device an account signed in from is not locked out by
 * failures elsewhere. A 401 or 403 means the password was checked, a 429
 * that it was not. Behind TRUST_PROXY each caller speaks from an address of
 * its own, so counters of one test never meet another's.
 */

const LIMIT = 3;
const PER_IP = 5;
const CONCURRENT = 30;

/** Random per run: hourly counters in Redis outlive a run, and must not meet the next one's. */
const RUN = randomBytes(2).toString('hex');
let nextAddress = 1;
/** A client address of its own (IPv6 clients are counted per /64, so each is a /64 of its own). */
const fromNewAddress = () => ({ 'X-Forwarded-For': `2001:db8:${RUN}:${(nextAddress++).toString(16)}::1` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statuses = (answers: JsonResponse[]) => answers.map((answer) => answer.status).sort();
const withDevice = (token: string) => ({ ...fromNewAddress(), Cookie: `device_token=${token}` });

/** A stack of this file's own: its Redis database (services mode) holds only this file's counters. */
function stackEnv(database: number, env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { TRUST_PROXY: 'true', ...env, ...(testEnv.mode === 'services' ? { REDIS_URL: redisDatabase(database) } : {}) };
}

describe('limits counted before the password is checked (one minute windows)', () => {
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    stack = await startTestStack(
      stackEnv(13, {
        AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
        AUTH_RATE_LIMIT_PER_EMAIL: String(LIMIT),
        AUTH_RATE_LIMIT_WINDOW: '1m',
        // A password check that takes a while, as in production: without the count up front, every concurrent attempt passed.
        BCRYPT_COST: '8',
      }),
    );
    api = `${stack.url}/api/v1/auth`;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const login = (email: string, password: string, headers: Record<string, string> = fromNewAddress()) =>
    postJson(`${api}/login`, { email, password }, headers);

  it(`${CONCURRENT} concurrent wrong logins for one address: ${LIMIT} reach the password check, the rest are 429 with Retry-After`, async () => {
    const account = await signUp(stack.url, { headers: fromNewAddress() });
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, index) => login(account.email, `guess ${index}`)));
    expect(statuses(answers)).toEqual([...Array<number>(LIMIT).fill(401), ...Array<number>(CONCURRENT - LIMIT).fill(429)]);
    for (const answer of answers.filter((each) => each.status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(expectEnvelope(answer, 429, 'RATE_LIMITED').message).toMatch(/^Too many failed sign-ins to this account from new devices\./);
    }
    // An address nobody registered is refused with the same words: a refusal tells nothing about the account.
    const nobody = uniqueEmail('nobody');
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await login(nobody, 'guess')).status).toBe(401);
    expect(expectEnvelope(await login(nobody, 'guess'), 429, 'RATE_LIMITED').message).toBe(
      answers.find((a) => a.status === 429)!.json.error.message,
    );
  });

  it(`${CONCURRENT} concurrent wrong logins from one client address: ${PER_IP} reach the password check`, async () => {
    const client = fromNewAddress();
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => login(uniqueEmail(), 'guess', client)));
    expect(statuses(answers)).toEqual([...Array<number>(PER_IP).fill(401), ...Array<number>(CONCURRENT - PER_IP).fill(429)]);
    expect(answers.find((answer) => answer.status === 429)!.json.error.message).toMatch(/^Too many sign-in attempts from your network\./);
    // The owner's device is limited per client address too: the address is out of attempts.
    const account = await signUp(stack.url, { headers: fromNewAddress() });
    expectEnvelope(
      await login(account.email, account.password, { ...client, Cookie: `device_token=${account.deviceToken}` }),
      429,
      'RATE_LIMITED',
    );
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it('successful logins give their count back: one address signs in again and again, past both limits', async () => {
    const account = await signUp(stack.url, { headers: fromNewAddress() });
    const client = fromNewAddress();
    for (let attempt = 1; attempt <= PER_IP + 2; attempt += 1) {
      expect([attempt, (await login(account.email, account.password, client)).status]).toEqual([attempt, 200]);
    }
    // The failures still count: the allowance is what it was.
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) expect((await login(account.email, 'guess', client)).status).toBe(401);
    expectEnvelope(await login(account.email, 'guess', client), 429, 'RATE_LIMITED');
  });

  it(`${CONCURRENT} concurrent wrong passwords to delete an account: ${LIMIT} are checked, the rest 429, and the account stays`, async () => {
    const account = await signUp(stack.url, { headers: fromNewAddress() });
    const remove = (password: string) =>
      call(`${api}/me`, {
        method: 'DELETE',
        headers: { ...bearer(account.accessToken), 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, index) => remove(`guess ${index}`)));
    expect(statuses(answers)).toEqual([...Array<number>(LIMIT).fill(403), ...Array<number>(CONCURRENT - LIMIT).fill(429)]);
    expectEnvelope(await remove(account.password), 429, 'RATE_LIMITED');
    expect((await call(`${api}/me`, { headers: bearer(account.accessToken) })).status).toBe(200);
  });

  it(`${CONCURRENT} concurrent wrong current passwords for a password change: ${LIMIT} are checked, the rest 429`, async () => {
    const account = await signUp(stack.url, { headers: fromNewAddress() });
    const change = (currentPassword: string) =>
      postJson(`${api}/password`, { currentPassword, newPassword: 'another long passphrase' }, bearer(account.accessToken));
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, index) => change(`guess ${index}`)));
    expect(statuses(answers)).toEqual([...Array<number>(LIMIT).fill(403), ...Array<number>(CONCURRENT - LIMIT).fill(429)]);
  });

  describe('the device cookie', () => {
    /** An account whose address is out of attempts: LIMIT wrong guesses from new devices. */
    async function lockedOut(): Promise<SignedUp> {
      const account = await signUp(stack.url, { headers: fromNewAddress() });
      for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await login(account.email, `guess ${attempt}`)).status).toBe(401);
      expectEnvelope(await login(account.email, account.password), 429, 'RATE_LIMITED');
      return account;
    }

    it('register and login set it: HttpOnly, SameSite=Lax, sent to login only, long-lived, and kept at logout', async () => {
      const registered = await postJson(`${api}/register`, { email: uniqueEmail(), password: 'correct horse battery' }, fromNewAddress());
      const cookie = deviceCookieOf(registered)!;
      expect(cookie.value).toMatch(/^d1\.[0-9a-f-]{36}\.[\w-]{22}\.\d+\.[\w-]{43}$/);
      expect(cookie.attributes).toEqual(
        expect.arrayContaining(['Path=/api/v1/auth/login', 'HttpOnly', 'SameSite=Lax', `Max-Age=${180 * 86_400}`]),
      );
      const loggedIn = await login(registered.json.user.email, 'correct horse battery', withDevice(cookie.value));
      expect(deviceCookieOf(loggedIn)!.value).not.toBe(cookie.value);
      const logout = await call(`${api}/logout`, { method: 'POST', headers: bearer(loggedIn.json.access_token) });
      expect(deviceCookieOf(logout)).toBeUndefined();
    });

    it('lets the owner’s device sign in with the right password while a new device is locked out', async () => {
      const account = await lockedOut();
      const owner = await login(account.email, account.password, withDevice(account.deviceToken));
      expect(owner.status).toBe(200);
      expect(owner.json.user.id).toBe(account.userId);
      // ...and again with the cookie that login set, still while new devices wait.
      expect((await login(account.email, account.password, withDevice(deviceCookieOf(owner)!.value))).status).toBe(200);
      expectEnvelope(await login(account.email, account.password), 429, 'RATE_LIMITED');
    });

    it('has a limit of its own: a stolen device cookie cannot guess without end', async () => {
      const account = await signUp(stack.url, { headers: fromNewAddress() });
      for (let attempt = 0; attempt < LIMIT; attempt += 1) {
        expect((await login(account.email, `guess ${attempt}`, withDevice(account.deviceToken))).status).toBe(401);
      }
      const limited = await login(account.email, account.password, withDevice(account.deviceToken));
      expect(expectEnvelope(limited, 429, 'RATE_LIMITED').message).toMatch(/^Too many failed sign-ins from this device\./);
      // The address's own allowance was not touched by the device's failures.
      expect((await login(account.email, account.password)).status).toBe(200);
    });

    it('cannot be forged, altered or moved to another account', async () => {
      const other = await signUp(stack.url, { headers: fromNewAddress() });
      const account = await lockedOut();
      const [version, , deviceId, expiresAt, signature] = account.deviceToken.split('.');
      const forgeries = {
        'another account’s cookie': other.deviceToken,
        'its own cookie with another account’s id': [version, other.userId, deviceId, expiresAt, signature].join('.'),
        'another account’s cookie naming this account': other.deviceToken.replace(other.userId, account.userId),
        'a later expiry': [version, account.userId, deviceId, String(Number(expiresAt) + 1), signature].join('.'),
        'an altered signature': `${account.deviceToken.slice(0, -2)}${account.deviceToken.endsWith('AA') ? 'BB' : 'AA'}`,
        'made up': `d1.${account.userId}.${'A'.repeat(22)}.99999999999.${'A'.repeat(43)}`,
      };
      for (const [name, token] of Object.entries(forgeries)) {
        expect([name, (await login(account.email, account.password, withDevice(token))).status]).toEqual([name, 429]);
      }
      // The other account's own cookie still works for it.
      expect((await login(other.email, other.password, withDevice(other.deviceToken))).status).toBe(200);
    });
  });
});

describe('the hourly ceiling (two second windows)', () => {
  const HOURLY = 5;
  const IP_HOURLY = 4;
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    stack = await startTestStack(
      stackEnv(14, {
        AUTH_RATE_LIMIT_PER_EMAIL: String(LIMIT),
        AUTH_RATE_LIMIT_WINDOW: '2s',
        AUTH_RATE_LIMIT_PER_EMAIL_HOURLY: String(HOURLY),
        AUTH_RATE_LIMIT_PER_IP_HOURLY: String(IP_HOURLY),
      }),
    );
    api = `${stack.url}/api/v1/auth`;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const login = (email: string, password: string, headers: Record<string, string> = fromNewAddress()) =>
    postJson(`${api}/login`, { email, password }, headers);

  it(`per address: after ${HOURLY} failures in the hour a new window does not help; the wait is the hour’s`, async () => {
    const account = await signUp(stack.url, { headers: fromNewAddress() });
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await login(account.email, 'guess')).status).toBe(401);
    expectEnvelope(await login(account.email, 'guess'), 429, 'RATE_LIMITED');
    await sleep(2_200);
    // The refused attempt counted in the hour too: one more is checked, then the hour is used up.
    expect((await login(account.email, 'guess')).status).toBe(401);
    const limited = await login(account.email, account.password);
    expectEnvelope(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3_000);
    await sleep(2_200);
    expectEnvelope(await login(account.email, account.password), 429, 'RATE_LIMITED');
    // The owner's device is not held by the address's hour.
    expect((await login(account.email, account.password, withDevice(account.deviceToken))).status).toBe(200);
  });

  it(`per client address: ${IP_HOURLY} failed logins in the hour, whichever accounts they were for`, async () => {
    const client = fromNewAddress();
    for (let attempt = 0; attempt < IP_HOURLY; attempt += 1) {
      expect((await login(`${randomUUID()}@example.com`, 'guess', client)).status).toBe(401);
    }
    const limited = await login(uniqueEmail(), 'guess', client);
    expectEnvelope(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3_000);
  });
});

describe('the default limits', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // Every limit at its default (test/helpers/env.ts turns them off for other stacks).
    stack = await startTestStack(
      stackEnv(13, {
        AUTH_RATE_LIMIT_PER_IP: undefined,
        AUTH_RATE_LIMIT_PER_EMAIL: undefined,
        AUTH_RATE_LIMIT_PER_IP_HOURLY: undefined,
        AUTH_RATE_LIMIT_PER_EMAIL_HOURLY: undefined,
      }),
    );
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('let a class of 30 behind one address register at once, sign in at once, mistype once each and sign in', async () => {
    const school = fromNewAddress();
    const api = `${stack.url}/api/v1/auth`;
    const pupils = Array.from({ length: 30 }, () => ({ email: uniqueEmail('pupil'), password: 'correct horse battery' }));
    expect(statuses(await Promise.all(pupils.map((pupil) => postJson(`${api}/register`, pupil, school))))).toEqual(Array(30).fill(201));
    expect(statuses(await Promise.all(pupils.map((pupil) => postJson(`${api}/login`, pupil, school))))).toEqual(Array(30).fill(200));
    const typos = pupils.map((pupil) => ({ ...pupil, password: `${pupil.password}!` }));
    expect(statuses(await Promise.all(typos.map((typo) => postJson(`${api}/login`, typo, school))))).toEqual(Array(30).fill(401));
    expect(statuses(await Promise.all(pupils.map((pupil) => postJson(`${api}/login`, pupil, school))))).toEqual(Array(30).fill(200));
  });
});
