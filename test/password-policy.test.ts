import bcrypt from 'bcrypt';
import { bearer, postJson, signUp, uniqueEmail } from './helpers/auth';
import { type Received, startSmtp } from './helpers/smtp-peer';
import { expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';

/**
 * Passwords (issue 36, Medium 6): common and breached ones are refused
 * wherever a password is chosen, any script is allowed up to 128 characters
 * (ASVS 2.1.2), every byte counts, and hashes from before PASSWORD_HASH_KEY
 * keep working and are upgraded at the next login.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let stack: TestStack;
let api: string;

beforeAll(async () => {
  smtp = await startSmtp();
  // Reset limits off: in services mode other stacks' requests from 127.0.0.1 count in the same Redis.
  stack = await startTestStack({
    SMTP_URL: smtp.url,
    PASSWORD_RESET_URL: 'https://app.example.org/reset',
    PASSWORD_RESET_RATE_LIMIT_PER_IP: '0',
  });
  api = `${stack.url}/api/v1/auth`;
});
afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const login = (email: string, password: string) => postJson(`${api}/login`, { email, password });
const hashOf = async (userId: string) =>
  (await stack.db.pool.query('SELECT password_hash FROM users WHERE id = $1', [userId])).rows[0].password_hash as string;

/** The token of the reset e-mail an account is sent. */
async function resetToken(email: string): Promise<string> {
  expect((await postJson(`${api}/password-reset`, { email })).status).toBe(202);
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(20)) {
    const mail = smtp.received.find((received: Received) => received.to.includes(email));
    // Quoted-printable writes the link's "=" as "=3D".
    const token = mail && /token=(?:3D)?([\w-]{43})/.exec(mail.raw)?.[1];
    if (token) return token;
  }
  throw new Error('no reset e-mail');
}

const COMMON = 'This password is among the most commonly used ones, so it is easy to guess. Please choose another.';
const BLANK = 'The password must not consist of spaces only.';

describe('common passwords are refused wherever a password is chosen: 400 INVALID_PASSWORD saying why', () => {
  const refused: Array<[string, string, string]> = [
    ['password', 'password', COMMON],
    ['12345678', '12345678', COMMON],
    ['eight spaces', ' '.repeat(8), BLANK],
    ['a common one in capitals, with spaces around', '  Iloveyou ', COMMON],
  ];

  const expectRefused = (res: JsonResponse, field: string, message: string) => {
    const error = expectEnvelope(res, 400, 'INVALID_PASSWORD');
    expect(error.details).toEqual({ field });
    expect(error.message).toBe(message);
  };

  it.each(refused)('register: %s', async (_case, password, message) => {
    const email = uniqueEmail('common');
    expectRefused(await postJson(`${api}/register`, { email, password }), 'password', message);
    // No account was made.
    expectEnvelope(await login(email, password), 401, 'INVALID_CREDENTIALS');
  });

  it.each(refused)('password change: %s', async (_case, password, message) => {
    const account = await signUp(stack.url);
    const res = await postJson(
      `${api}/password`,
      { currentPassword: account.password, newPassword: password },
      bearer(account.accessToken),
    );
    expectRefused(res, 'newPassword', message);
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it.each(refused)('password reset: %s', async (_case, password, message) => {
    const account = await signUp(stack.url);
    const token = await resetToken(account.email);
    expectRefused(await postJson(`${api}/password-reset/confirm`, { token, newPassword: password }), 'newPassword', message);
    // The link still works for a good password.
    expect((await postJson(`${api}/password-reset/confirm`, { token, newPassword: 'a much better passphrase' })).status).toBe(204);
  });

  it('a simple pattern the list leaves out (a run, a repeated group, a date) is refused too, in its own words', async () => {
    for (const password of ['abcdefgh', 'abababab', '19841984', '01012009']) {
      const error = expectEnvelope(await postJson(`${api}/register`, { email: uniqueEmail(), password }), 400, 'INVALID_PASSWORD');
      expect(error.message).toMatch(/simple pattern/);
    }
  });
});

describe('passwords of any script, up to 128 characters, every byte counting', () => {
  it.each([
    ['Greek', 'Η πιο όμορφη θάλασσα είναι αυτή που δεν έχουμε ταξιδέψει ακόμη, φίλε μου.'],
    [
      'CJK',
      '我们最美丽的海是尚未航行过的海最美的日子是尚未度过的日子最美的话是尚未说出口的话我想告诉你的最美的话还没有想好怎么说出来呢我的朋友们',
    ],
    ['emoji', '🌳🐢🎈🔑🍀🚲📚🎵🌊🦉🍉🎲🧭🪁🌙🧩'.repeat(4)],
  ])("64 characters of %s (far past bcrypt's 72 bytes) register and sign in", async (_script, phrase) => {
    const password = [...phrase].slice(0, 64).join('');
    expect([...password]).toHaveLength(64);
    expect(Buffer.byteLength(password)).toBeGreaterThan(72);
    const email = uniqueEmail('script');
    expect((await postJson(`${api}/register`, { email, password })).status).toBe(201);
    expect((await login(email, password)).status).toBe(200);
    // One character less is another password.
    expectEnvelope(await login(email, [...password].slice(0, 63).join('')), 401, 'INVALID_CREDENTIALS');
  });

  it('two passwords equal in their first 72 bytes but different after do not both match', async () => {
    const head = '密码'.repeat(12); // 72 bytes
    expect(Buffer.byteLength(head)).toBe(72);
    const account = await signUp(stack.url, { password: `${head} is the first` });
    expect((await login(account.email, `${head} is the first`)).status).toBe(200);
    expectEnvelope(await login(account.email, `${head} is the second`), 401, 'INVALID_CREDENTIALS');
    expectEnvelope(await login(account.email, head), 401, 'INVALID_CREDENTIALS');
  });
});

describe('hashes from before PASSWORD_HASH_KEY', () => {
  it('a plain bcrypt hash still signs in, and is stored with the new marker from then on', async () => {
    const account = await signUp(stack.url);
    const legacyPassword = 'an old plain passphrase';
    // As the previous release stored it: bcrypt of the password itself.
    await stack.db.pool.query('UPDATE users SET password_hash = $2 WHERE id = $1', [account.userId, await bcrypt.hash(legacyPassword, 4)]);
    expect(await hashOf(account.userId)).toMatch(/^\$2b\$04\$/);

    expectEnvelope(await login(account.email, 'not the old passphrase'), 401, 'INVALID_CREDENTIALS');
    expect(await hashOf(account.userId)).toMatch(/^\$2b\$04\$/);

    expect((await login(account.email, legacyPassword)).status).toBe(200);
    const upgraded = await hashOf(account.userId);
    expect(upgraded).toMatch(/^hmac-sha256:\$2b\$04\$/);
    expect(await bcrypt.compare(legacyPassword, upgraded.slice('hmac-sha256:'.length))).toBe(false);
    expect((await login(account.email, legacyPassword)).status).toBe(200);
    expectEnvelope(await login(account.email, 'not the old passphrase'), 401, 'INVALID_CREDENTIALS');
  });
});
