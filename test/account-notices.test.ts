import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { bearer, postJson, signUp, type SignedUp } from './helpers/auth';
import { freePort } from './helpers/ports';
import { type Received, startSmtp } from './helpers/smtp-peer';
import { call, startTestStack, type TestStack } from './helpers/stack';

/**
 * Account notices (issue 36, Low 8): after a password change, a password
 * reset and "end every sign-in", the account's address gets one short e-mail,
 * sent after the answer, holding no link and nothing secret. Without SMTP_URL
 * nothing is sent, and a failing SMTP server fails no request.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let stack: TestStack;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SUBJECTS = {
  changed: 'Your evalplan password was changed',
  reset: 'Your evalplan password was reset',
  everywhere: 'You were signed out of evalplan everywhere',
} as const;

/** Reset limits off: in services mode other stacks' requests from 127.0.0.1 count in the same Redis. */
const NO_RESET_LIMIT = { PASSWORD_RESET_RATE_LIMIT_PER_IP: '0' };

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startTestStack({ SMTP_URL: smtp.url, ...NO_RESET_LIMIT }, { captureLogs: true });
});
afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
});

const changePassword = (base: string, account: SignedUp, newPassword = 'a brand new passphrase') =>
  postJson(
    `${base}/api/v1/auth/password`,
    { currentPassword: account.password, newPassword },
    { ...bearer(account.accessToken), 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
  );
const logoutAll = (base: string, account: SignedUp) =>
  call(`${base}/api/v1/auth/logout-all`, { method: 'POST', headers: { ...bearer(account.accessToken), 'User-Agent': 'curl/8.5.0' } });

const noticesTo = (email: string, subject: string) =>
  smtp.received.filter((mail) => mail.to.includes(email) && mail.raw.includes(`Subject: ${subject}`));

/** Waits for the first notice of its kind to an address, then a little more, so a second would have arrived too. */
async function onlyNotice(email: string, subject: string): Promise<Received> {
  for (const deadline = Date.now() + 5_000; noticesTo(email, subject).length === 0 && Date.now() < deadline;) await sleep(20);
  await sleep(300);
  const mails = noticesTo(email, subject);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

/** The raw message with quoted-printable escapes undone (the peer already joined soft line breaks). */
const decoded = (mail: Received) => mail.raw.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Nothing in a notice is a link, a token or a password. */
function expectHarmless(mail: Received, secrets: string[]): void {
  const text = decoded(mail);
  expect(text).not.toMatch(/https?:\/\/|href=|token/i);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

async function resetTokenFor(email: string): Promise<string> {
  expect((await postJson(`${stack.url}/api/v1/auth/password-reset`, { email })).status).toBe(202);
  const mail = await onlyNotice(email, 'Reset your evalplan password');
  return /token=([\w-]{43})/.exec(decoded(mail))![1]!;
}

describe('with SMTP_URL', () => {
  it('a password change sends exactly one notice to the account, naming the device', async () => {
    const account = await signUp(stack.url);
    const bystander = await signUp(stack.url);
    expect((await changePassword(stack.url, account)).status).toBe(200);
    const mail = await onlyNotice(account.email, SUBJECTS.changed);
    expect(mail.to).toEqual([account.email]);
    expect(decoded(mail)).toMatch(/was changed on \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC, from Firefox on Linux/);
    expect(decoded(mail)).toContain("If it wasn't, reset your password");
    expectHarmless(mail, [account.password, 'a brand new passphrase', account.accessToken, account.refreshToken]);
    expect(smtp.received.filter((received) => received.to.includes(bystander.email))).toEqual([]);
  });

  it('a password reset sends exactly one notice besides the reset e-mail itself', async () => {
    const account = await signUp(stack.url);
    const token = await resetTokenFor(account.email);
    expect(
      (await postJson(`${stack.url}/api/v1/auth/password-reset/confirm`, { token, newPassword: 'reset to this passphrase' })).status,
    ).toBe(204);
    const mail = await onlyNotice(account.email, SUBJECTS.reset);
    expect(decoded(mail)).toContain('with a link sent to this address');
    expectHarmless(mail, [token, 'reset to this passphrase']);
    expect(smtp.received.filter((received) => received.to.includes(account.email))).toHaveLength(2);
  });

  it('"end every sign-in" sends exactly one notice, counting the sign-ins ended', async () => {
    const account = await signUp(stack.url);
    expect((await postJson(`${stack.url}/api/v1/auth/login`, { email: account.email, password: account.password })).status).toBe(200);
    const res = await logoutAll(stack.url, account);
    expect(res.status).toBe(200);
    const mail = await onlyNotice(account.email, SUBJECTS.everywhere);
    expect(decoded(mail)).toContain('from curl (2 sign-ins in all)');
    expectHarmless(mail, [account.password, account.accessToken, account.refreshToken]);
  });

  it('logs the user id of each notice sent, never the address', async () => {
    const account = await signUp(stack.url);
    expect((await logoutAll(stack.url, account)).status).toBe(200);
    await onlyNotice(account.email, SUBJECTS.everywhere);
    const lines = stack.logs.filter((line) => line.msg === 'account notice e-mail sent' && line.user_id === account.userId);
    expect(lines).toEqual([expect.objectContaining({ level: 'info', notice: 'signed-out-everywhere' })]);
    expect(JSON.stringify(stack.logs)).not.toContain(account.email);
  });
});

describe('without SMTP_URL', () => {
  it('sends nothing and tries nothing, and every request succeeds', async () => {
    const bare = await startTestStack(NO_RESET_LIMIT, { captureLogs: true });
    try {
      const account = await signUp(bare.url);
      expect((await changePassword(bare.url, account)).status).toBe(200);
      const again = await postJson(`${bare.url}/api/v1/auth/login`, { email: account.email, password: 'a brand new passphrase' });
      expect((await logoutAll(bare.url, { ...account, accessToken: again.json.access_token })).status).toBe(200);
      await sleep(300);
      expect(smtp.received.filter((mail) => mail.to.includes(account.email))).toEqual([]);
      expect(bare.logs.filter((line) => /notice/.test(line.msg))).toEqual([]);
    } finally {
      await bare.stop();
    }
  });
});

describe('a failing SMTP server', () => {
  it('refused connections fail no request', async () => {
    const closed = await startTestStack({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, ...NO_RESET_LIMIT });
    try {
      const account = await signUp(closed.url);
      const changed = await changePassword(closed.url, account);
      expect(changed.status).toBe(200);
      expect((await logoutAll(closed.url, { ...account, accessToken: changed.json.access_token })).status).toBe(200);
    } finally {
      await closed.stop();
    }
  });

  it('a server that never answers delays no request', async () => {
    // Accepts connections and says nothing: the SMTP client would wait its full timeout (15 s) for the greeting.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const mute = await startTestStack({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, ...NO_RESET_LIMIT });
    try {
      const account = await signUp(mute.url);
      const started = performance.now();
      const changed = await changePassword(mute.url, account);
      expect(changed.status).toBe(200);
      expect((await logoutAll(mute.url, { ...account, accessToken: changed.json.access_token })).status).toBe(200);
      // Both answers came long before the SMTP client would give up.
      expect(performance.now() - started).toBeLessThan(5_000);
      for (const deadline = Date.now() + 5_000; sockets.size < 2 && Date.now() < deadline;) await sleep(20);
      expect(sockets.size).toBe(2);
    } finally {
      // A refusing greeting at last lets the waiting deliveries fail (and their timers end), so the stack stops at once.
      for (const socket of sockets) socket.end('554 5.3.2 not now\r\n');
      await mute.stop();
      silent.close();
    }
  });

  it('a recipient the server refuses fails no request', async () => {
    const account = await signUp(stack.url);
    // The peer refuses recipients at refuse.example (an address registration would not take).
    await stack.db.pool.query('UPDATE users SET email = $2 WHERE id = $1', [account.userId, `refused-${account.userId}@refuse.example`]);
    expect((await changePassword(stack.url, account)).status).toBe(200);
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(20)) {
      if (stack.logs.some((line) => line.msg === 'account notice e-mail could not be delivered')) break;
    }
    expect(stack.logs).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'account notice e-mail could not be delivered' }));
  });
});
