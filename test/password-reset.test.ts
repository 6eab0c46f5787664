import { createHash } from 'node:crypto';
import { bearer, postJson, refresh, signUp, uniqueEmail } from './helpers/auth';
import { type Received, startSmtp } from './helpers/smtp-peer';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';

/**
 * Password reset by e-mail, against the SMTP peer. Behind TRUST_PROXY each
 * call speaks from its own X-Forwarded-For address unless a test wants one
 * address, so the per-IP limits of one test never touch another's.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let stack: TestStack;
let api: string;

const RESET_PAGE = 'https://app.example.org/account/reset?lang=en';
const LIMIT = 3;
const WINDOW_MS = 2_000;
/** Every token a test saw: none may show up in a log line. */
const tokensSeen: string[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startTestStack(
    {
      SMTP_URL: smtp.url,
      PASSWORD_RESET_URL: RESET_PAGE,
      TRUST_PROXY: 'true',
      PASSWORD_RESET_RATE_LIMIT_PER_IP: String(LIMIT),
      PASSWORD_RESET_RATE_LIMIT_PER_EMAIL: String(LIMIT),
      PASSWORD_RESET_RATE_LIMIT_WINDOW: `${WINDOW_MS}ms`,
      // Failed logins per address, in a window no test outlasts: a reset must lift such a lockout.
      AUTH_RATE_LIMIT_PER_EMAIL: String(LIMIT),
      AUTH_RATE_LIMIT_WINDOW: '10m',
    },
    { captureLogs: true },
  );
  api = `${stack.url}/api/v1/auth`;
});
afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let nextClient = 1;
/** A client address of its own for each caller (IPv4 documentation ranges, 500 of them). */
const newClient = () => {
  const n = nextClient++;
  return { 'X-Forwarded-For': n < 250 ? `192.0.2.${n}` : `198.51.100.${n - 249}` };
};

const requestReset = (base: string, email: unknown, headers: Record<string, string> = newClient()) =>
  postJson(`${base}/api/v1/auth/password-reset`, { email }, headers);
const confirmReset = (base: string, body: unknown, headers: Record<string, string> = newClient()) =>
  postJson(`${base}/api/v1/auth/password-reset/confirm`, body, headers);
const login = (base: string, email: string, password: string) => postJson(`${base}/api/v1/auth/login`, { email, password });
const me = (base: string, token: string) => call(`${base}/api/v1/auth/me`, { headers: bearer(token) });

/** A reset e-mail, not the notice that follows a reset (account-notices.test.ts). */
const isResetMail = (mail: Received) => /^Subject: Reset your evalplan password/m.test(mail.raw);

/** The reset e-mails the peer received for an address, waiting until there are `count` of them. */
async function mailsTo(email: string, count = 1, timeoutMs = 5_000): Promise<Received[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = smtp.received.filter((mail) => mail.to.includes(email) && isResetMail(mail));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} e-mail(s) to ${email}, got ${mails.length}`);
    await sleep(20);
  }
}

/** The raw message with quoted-printable escapes undone (the peer already joined soft line breaks). */
const decoded = (mail: Received) => mail.raw.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LINK = new RegExp(`${escapeRegExp(RESET_PAGE)}&token=([A-Za-z0-9_-]+)`);

/** The token of the link in a reset e-mail. */
function tokenOf(mail: Received): string {
  const token = LINK.exec(decoded(mail))?.[1];
  if (!token) throw new Error('no reset link in the e-mail');
  tokensSeen.push(token);
  return token;
}

/** Asks for a reset of an account and returns the token its e-mail brings. */
async function resetTokenFor(base: string, email: string): Promise<string> {
  const before = smtp.received.filter((mail) => mail.to.includes(email) && isResetMail(mail)).length;
  expect((await requestReset(base, email)).status).toBe(202);
  return tokenOf((await mailsTo(email, before + 1)).at(-1)!);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('POST /auth/password-reset', () => {
  it('answers 202 {status: accepted}, not cached, and e-mails a link to PASSWORD_RESET_URL with a 256-bit token', async () => {
    const account = await signUp(stack.url);
    const res = await requestReset(stack.url, `  ${account.email.toUpperCase()} `);
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ status: 'accepted' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [mail] = await mailsTo(account.email);
    expect(mail!.to).toEqual([account.email]);
    expect(mail!.from).toBe('no-reply@evalplan.local');
    expect(mail!.raw).toMatch(/^Subject: Reset your evalplan password/m);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    const token = tokenOf(mail!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(decoded(mail!)).toContain('30 minutes');
  });

  it('stores only the SHA-256 of the token, valid for PASSWORD_RESET_TTL (30 minutes by default)', async () => {
    const account = await signUp(stack.url);
    const token = await resetTokenFor(stack.url, account.email);
    const rows = await stack.db.pool.query(
      `SELECT encode(token_hash, 'hex') AS hash, round(extract(epoch FROM expires_at - created_at)) AS ttl_seconds, used_at
         FROM password_resets WHERE user_id = $1`,
      [account.userId],
    );
    expect(rows.rows).toEqual([{ hash: createHash('sha256').update(token).digest('hex'), ttl_seconds: expect.anything(), used_at: null }]);
    expect(Number(rows.rows[0].ttl_seconds)).toBe(30 * 60);
    const everything = await stack.db.pool.query(`SELECT row_to_json(p)::text AS row FROM password_resets p`);
    const text = everything.rows.map((row: { row: string }) => row.row).join('\n');
    expect(text).not.toContain(token);
    expect(text).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
  });

  it('answers an address without an account the same 202, and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await requestReset(stack.url, nobody);
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ status: 'accepted' });
    // A known address asked after it has its e-mail: the background work of both is done by then.
    const account = await signUp(stack.url);
    await resetTokenFor(stack.url, account.email);
    await sleep(200);
    expect(smtp.received.filter((mail) => mail.to.includes(nobody))).toEqual([]);
  });

  it('refuses a malformed body with 400: INVALID_INPUT, or INVALID_EMAIL for an address that cannot be one', async () => {
    expectEnvelope(await requestReset(stack.url, 'not an address'), 400, 'INVALID_EMAIL');
    expectEnvelope(await requestReset(stack.url, 42), 400, 'INVALID_INPUT');
    expectEnvelope(await postJson(`${api}/password-reset`, {}, newClient()), 400, 'INVALID_INPUT');
    expectEnvelope(await postJson(`${api}/password-reset`, [1], newClient()), 400, 'INVALID_INPUT');
  });

  it('a newer request replaces the older link: only the newest e-mail works', async () => {
    const account = await signUp(stack.url);
    const first = await resetTokenFor(stack.url, account.email);
    const second = await resetTokenFor(stack.url, account.email);
    expect(second).not.toBe(first);
    expectEnvelope(await confirmReset(stack.url, { token: first, newPassword: 'a brand new password' }), 400, 'INVALID_RESET_TOKEN');
    expect((await confirmReset(stack.url, { token: second, newPassword: 'a brand new password' })).status).toBe(204);
  });

  it('takes the same time for an address with an account and one without', async () => {
    const ROUNDS = 21;
    const accounts = await Promise.all(Array.from({ length: ROUNDS + 2 }, () => signUp(stack.url)));
    // Warm-up of both paths.
    for (const account of accounts.slice(0, 2)) {
      await requestReset(stack.url, account.email);
      await requestReset(stack.url, uniqueEmail('nobody'));
    }
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await requestReset(stack.url, email);
      const elapsed = performance.now() - started;
      expect(res.status).toBe(202);
      // The work after the answer (lookup, token, e-mail) finishes before the next timed request, so it
      // does not land on the other address's timing: what is compared is the answer alone.
      await sleep(100);
      return elapsed;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (const [round, account] of accounts.slice(2).entries()) {
      // In pairs, each measured right after the other and in turn first, so a slow spell of a loaded machine
      // lands on both sides of a pair and neither side is always the one after the other's background work.
      if (round % 2 === 0) {
        known.push(await timed(account.email));
        unknown.push(await timed(uniqueEmail('nobody')));
      } else {
        unknown.push(await timed(uniqueEmail('nobody')));
        known.push(await timed(account.email));
      }
    }
    const [knownMedian, unknownMedian] = [median(known), median(unknown)];
    expect(knownMedian / unknownMedian).toBeGreaterThan(0.5);
    expect(knownMedian / unknownMedian).toBeLessThan(2);
    // The typical difference within a pair: within 5 ms, or within half the faster median when a loaded machine
    // stretches both. Waiting for the account's background work (token, e-mail) would make the known address
    // about 30 times slower.
    const pairedDifference = median(known.map((time, round) => time - unknown[round]!));
    expect(Math.abs(pairedDifference)).toBeLessThan(Math.max(5, 0.5 * Math.min(knownMedian, unknownMedian)));
  });
});

describe('POST /auth/password-reset/confirm', () => {
  it('sets the new password (204, no body) and ends every sign-in, access tokens included', async () => {
    const account = await signUp(stack.url);
    const otherDevice = await login(stack.url, account.email, account.password);
    expect(otherDevice.status).toBe(200);
    expect((await me(stack.url, account.accessToken)).status).toBe(200);
    const token = await resetTokenFor(stack.url, account.email);

    const res = await confirmReset(stack.url, { token, newPassword: 'a brand new password' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('cache-control')).toBe('no-store');

    expectEnvelope(await login(stack.url, account.email, account.password), 401, 'INVALID_CREDENTIALS');
    expect((await login(stack.url, account.email, 'a brand new password')).status).toBe(200);
    // Every earlier sign-in ends: refresh cookies and, at once, access tokens.
    expectEnvelope(await refresh(stack.url, account.refreshToken), 401, 'UNAUTHORIZED');
    expectEnvelope(await me(stack.url, account.accessToken), 401, 'UNAUTHORIZED');
    expectEnvelope(await me(stack.url, otherDevice.json.access_token), 401, 'UNAUTHORIZED');
    const used = await stack.db.pool.query('SELECT used_at IS NOT NULL AS used FROM password_resets WHERE user_id = $1', [account.userId]);
    expect(used.rows).toEqual([{ used: true }]);
  });

  it('lifts the lockout that failed logins put on the address: the owner signs in from a new device at once', async () => {
    const account = await signUp(stack.url);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expectEnvelope(await login(stack.url, account.email, `a wrong guess ${attempt}`), 401, 'INVALID_CREDENTIALS');
    }
    // A new device (no device cookie) now waits, even with the right password...
    expectEnvelope(await login(stack.url, account.email, account.password), 429, 'RATE_LIMITED');
    const token = await resetTokenFor(stack.url, account.email);
    expect((await confirmReset(stack.url, { token, newPassword: 'a brand new password' })).status).toBe(204);
    // ...until the owner, who read the reset mail, sets a new password.
    expect((await login(stack.url, account.email, 'a brand new password')).status).toBe(200);
  });

  it('a token works once: the second confirmation is 400 INVALID_RESET_TOKEN and changes nothing', async () => {
    const account = await signUp(stack.url);
    const token = await resetTokenFor(stack.url, account.email);
    expect((await confirmReset(stack.url, { token, newPassword: 'first new password' })).status).toBe(204);
    expectEnvelope(await confirmReset(stack.url, { token, newPassword: 'second new password' }), 400, 'INVALID_RESET_TOKEN');
    expect((await login(stack.url, account.email, 'first new password')).status).toBe(200);
  });

  it('two confirmations of one token at once: exactly one sets its password', async () => {
    const account = await signUp(stack.url);
    const token = await resetTokenFor(stack.url, account.email);
    const answers = await Promise.all(
      ['racing password one', 'racing password two'].map((newPassword) => confirmReset(stack.url, { token, newPassword })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([204, 400]);
    const winner = answers[0]!.status === 204 ? 'racing password one' : 'racing password two';
    expect((await login(stack.url, account.email, winner)).status).toBe(200);
  });

  it('refuses an unknown or malformed token with 400 INVALID_RESET_TOKEN, and a weak password with INVALID_PASSWORD', async () => {
    const unknown = Buffer.alloc(32, 7).toString('base64url');
    expectEnvelope(await confirmReset(stack.url, { token: unknown, newPassword: 'long enough password' }), 400, 'INVALID_RESET_TOKEN');
    for (const token of ['short', `${unknown}A`, `${unknown.slice(0, 42)}=`, `${unknown.slice(0, 42)}/`]) {
      expectEnvelope(await confirmReset(stack.url, { token, newPassword: 'long enough password' }), 400, 'INVALID_RESET_TOKEN');
    }
    const account = await signUp(stack.url);
    const token = await resetTokenFor(stack.url, account.email);
    const weak = expectEnvelope(await confirmReset(stack.url, { token, newPassword: 'short' }), 400, 'INVALID_PASSWORD');
    expect(weak.details).toEqual({ field: 'newPassword' });
    expectEnvelope(await confirmReset(stack.url, { token }), 400, 'INVALID_INPUT');
    expectEnvelope(await confirmReset(stack.url, { newPassword: 'long enough password' }), 400, 'INVALID_INPUT');
    expectEnvelope(await confirmReset(stack.url, 'token'), 400, 'INVALID_INPUT');
    // The refused attempts did not use the token up.
    expect((await confirmReset(stack.url, { token, newPassword: 'long enough password' })).status).toBe(204);
  });
});

describe('rate limits', () => {
  const expectLimited = (res: JsonResponse) => {
    const error = expectEnvelope(res, 429, 'RATE_LIMITED');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(error.details).toEqual({ retryAfterSeconds: retryAfter });
  };

  it('per e-mail address: from any number of client addresses, and the window resets', async () => {
    const account = await signUp(stack.url);
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) expect((await requestReset(stack.url, account.email)).status).toBe(202);
    expectLimited(await requestReset(stack.url, account.email.toUpperCase()));
    // The same for an address without an account: the limit tells nothing either.
    const nobody = uniqueEmail('nobody');
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) expect((await requestReset(stack.url, nobody)).status).toBe(202);
    expectLimited(await requestReset(stack.url, nobody));
    await sleep(WINDOW_MS + 200);
    expect((await requestReset(stack.url, account.email)).status).toBe(202);
  });

  it('per client address, for requests and for confirmations', async () => {
    const client = newClient();
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) expect((await requestReset(stack.url, uniqueEmail(), client)).status).toBe(202);
    expectLimited(await requestReset(stack.url, uniqueEmail(), client));
    expect((await requestReset(stack.url, uniqueEmail(), newClient())).status).toBe(202);

    const confirming = newClient();
    const body = { token: Buffer.alloc(32, 9).toString('base64url'), newPassword: 'long enough password' };
    for (let attempt = 1; attempt <= LIMIT; attempt += 1)
      expectEnvelope(await confirmReset(stack.url, body, confirming), 400, 'INVALID_RESET_TOKEN');
    expectLimited(await confirmReset(stack.url, body, confirming));
  });
});

describe('expiry and configuration', () => {
  it('a token past PASSWORD_RESET_TTL is 400 RESET_TOKEN_EXPIRED and the password stays', async () => {
    const short = await startTestStack({ SMTP_URL: smtp.url, PASSWORD_RESET_URL: RESET_PAGE, PASSWORD_RESET_TTL: '1s' });
    try {
      const account = await signUp(short.url);
      const token = await resetTokenFor(short.url, account.email);
      await sleep(1_200);
      expectEnvelope(await confirmReset(short.url, { token, newPassword: 'too late password' }), 400, 'RESET_TOKEN_EXPIRED');
      expect((await login(short.url, account.email, account.password)).status).toBe(200);
    } finally {
      await short.stop();
    }
  });

  it('without SMTP_URL: still 202, one log line that reset e-mail is not configured, and no token', async () => {
    const bare = await startTestStack({}, { captureLogs: true });
    try {
      const account = await signUp(bare.url);
      const res = await requestReset(bare.url, account.email);
      expect(res.status).toBe(202);
      expect(res.json).toEqual({ status: 'accepted' });
      const lines = bare.logs.filter((line) => /reset e-mail is not configured/.test(line.msg));
      expect(lines).toEqual([expect.objectContaining({ level: 'info', service: 'auth-service' })]);
      const rows = await bare.db.pool.query('SELECT 1 FROM password_resets WHERE user_id = $1', [account.userId]);
      expect(rows.rows).toEqual([]);
    } finally {
      await bare.stop();
    }
  });
});

describe('secrets stay out of logs', () => {
  it('no log line holds a reset token, its hash or the address it was sent to', async () => {
    const account = await signUp(stack.url);
    const token = await resetTokenFor(stack.url, account.email);
    expect((await confirmReset(stack.url, { token, newPassword: 'logged nowhere password' })).status).toBe(204);
    const text = stack.logs.map((line) => JSON.stringify(line)).join('\n');
    expect(text).toContain('password reset e-mail sent');
    expect(text).toContain(account.userId);
    expect(tokensSeen.length).toBeGreaterThan(5);
    for (const seen of tokensSeen) {
      expect(text).not.toContain(seen);
      expect(text).not.toContain(createHash('sha256').update(seen).digest('hex'));
    }
    expect(text).not.toContain('logged nowhere password');
    expect(text).not.toContain(account.email);
  });
});
