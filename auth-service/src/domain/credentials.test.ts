import { AppError } from '@evalplan/common/errors';
import { parseDeletionPassword, parseLogin, parsePasswordChange, parseRegistration } from './credentials';
import { parseResetConfirmation } from './password-reset-input';

function failure(parse: () => unknown): { code: string; field: unknown; message: string } {
  try {
    parse();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: error.details.field, message: error.message };
    throw error;
  }
  throw new Error('expected a validation failure');
}

describe('parseRegistration', () => {
  it('trims and lower-cases the address and keeps the password as NFC', () => {
    expect(parseRegistration({ email: ' Ada@Example.COM ', password: 'cafe\u0301-latte' })).toEqual({
      email: 'ada@example.com',
      password: 'caf\u00e9-latte',
    });
  });

  it('counts characters (code points of the NFC form), in any script: at least 8, at most 128 (ASVS 2.1.2)', () => {
    expect(failure(() => parseRegistration({ email: 'a@example.com', password: 'ééééééé' }))).toMatchObject({
      code: 'INVALID_PASSWORD',
      field: 'password',
    });
    // 64 characters of Greek, CJK and emoji: 128, 192 and 256 bytes, beyond what bcrypt alone reads.
    for (const phrase of ['καλημέρα κόσμε, ο κωδικός μου ', '我的密码是一个很长的句子没有人能猜到', '🔑🐢🌍🎈🍀🚲📚🎵']) {
      const password = [...phrase.repeat(10)].slice(0, 64).join('');
      expect([...password]).toHaveLength(64);
      expect(Buffer.byteLength(password)).toBeGreaterThan(72);
      expect(parseRegistration({ email: 'a@example.com', password }).password).toBe(password);
    }
    const longest = [...'Ωmega 密码 🔑 '.repeat(13)].slice(0, 128).join('');
    expect(parseRegistration({ email: 'a@example.com', password: longest }).password).toBe(longest);
    expect(failure(() => parseRegistration({ email: 'a@example.com', password: `${longest}!` }))).toMatchObject({
      code: 'INVALID_PASSWORD',
      field: 'password',
      message: 'The password must be at most 128 characters long.',
    });
  });

  it('refuses a password with a NUL character', () => {
    expect(failure(() => parseRegistration({ email: 'a@example.com', password: 'password\u0000suffix' }))).toMatchObject({
      code: 'INVALID_PASSWORD',
      field: 'password',
      message: expect.stringMatching(/NUL/),
    });
  });

  it('checks the e-mail before the password, so details.field names the first problem', () => {
    expect(failure(() => parseRegistration({ email: 'nope', password: 'x' }))).toMatchObject({ code: 'INVALID_EMAIL', field: 'email' });
  });

  it('gives INVALID_INPUT for shape problems, with a message that never repeats the value', () => {
    const secret = { value: 'hunter2-hunter2' };
    const result = failure(() => parseRegistration({ email: 'a@example.com', password: secret }));
    expect(result).toMatchObject({ code: 'INVALID_INPUT', field: 'password' });
    expect(result.message).not.toContain('hunter2');
    expect(failure(() => parseRegistration(null))).toMatchObject({ code: 'INVALID_INPUT', field: 'body' });
    expect(failure(() => parseRegistration('a@example.com'))).toMatchObject({ code: 'INVALID_INPUT', field: 'body' });
  });
});

describe('parseLogin', () => {
  it('does not apply the registration rules: a short password is simply checked (and fails later)', () => {
    expect(parseLogin({ email: ' X@Example.com', password: 'short' })).toEqual({
      email: 'x@example.com',
      emailAsTyped: 'x@example.com',
      password: 'short',
    });
  });

  it('refuses empty fields as INVALID_INPUT', () => {
    expect(failure(() => parseLogin({ email: '', password: 'x' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'email' });
    expect(failure(() => parseLogin({ email: 'a@example.com', password: '' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'password' });
  });
});

describe('e-mail addresses PostgreSQL cannot store (a direct gRPC caller is not checked by the gateway)', () => {
  it.each([
    ['a NUL character', 'ada\u0000@example.com'],
    ['half of a surrogate pair', 'ada\ud800@example.com'],
    ['the other half alone', '\udc00ada@example.com'],
  ])('refuses %s as 400 INVALID_INPUT on email, at login and at registration', (_case, email) => {
    const expected = { code: 'INVALID_INPUT', field: 'email', message: expect.stringMatching(/NUL/) };
    expect(failure(() => parseLogin({ email, password: 'whatever' }))).toMatchObject(expected);
    expect(failure(() => parseRegistration({ email, password: 'correct horse battery' }))).toMatchObject(expected);
  });

  it('still takes an address with a whole surrogate pair (an emoji) at login', () => {
    expect(parseLogin({ email: '\ud83c\udfae@example.com', password: 'x' }).email).toBe('🎮@example.com');
  });
});

describe('common passwords and patterns (ASVS 2.1.7), wherever a password is chosen', () => {
  const COMMON = 'This password is among the most commonly used ones, so it is easy to guess. Please choose another.';
  const PATTERN = /simple pattern/;
  const TOKEN = 'A'.repeat(42) + '_';
  const choose = {
    register: (password: string) => parseRegistration({ email: 'a@example.com', password }),
    change: (password: string) => parsePasswordChange({ currentPassword: 'the old one', newPassword: password }),
  };

  it.each(Object.entries(choose))('%s: refuses password, 12345678 and eight spaces with the reason', (_where, parse) => {
    expect(failure(() => parse('password'))).toMatchObject({ code: 'INVALID_PASSWORD', message: COMMON });
    expect(failure(() => parse('12345678'))).toMatchObject({ code: 'INVALID_PASSWORD', message: COMMON });
    expect(failure(() => parse(' '.repeat(8)))).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'The password must not consist of spaces only.',
    });
    expect(failure(() => parse('abcdefgh'))).toMatchObject({ code: 'INVALID_PASSWORD', message: expect.stringMatching(PATTERN) });
  });

  it('compares without case and surrounding spaces, so "  PassWord " is still "password"', () => {
    expect(failure(() => choose.register('  PassWord '))).toMatchObject({ code: 'INVALID_PASSWORD', message: COMMON });
  });

  it("keeps the tests' and the web client's passphrases", () => {
    for (const password of ['correct horse battery', 'correct horse', 'long enough', 'another password', 'a brand new passphrase']) {
      expect(choose.register(password).password).toBe(password);
    }
  });

  it('reset confirmation applies the same policy', () => {
    expect(failure(() => parseResetConfirmation({ token: TOKEN, newPassword: 'password' }))).toMatchObject({
      code: 'INVALID_PASSWORD',
      field: 'newPassword',
      message: COMMON,
    });
  });
});

describe('e-mail addresses as keys: trimmed, lower-cased and NFC (Low 12)', () => {
  const composed = 'kat\u00e9@example.com';
  const decomposed = 'kate\u0301@example.com';

  it('gives the composed and decomposed spellings one key at registration and login', () => {
    expect(parseRegistration({ email: ` KATE\u0301@Example.com `, password: 'correct horse battery' }).email).toBe(composed);
    expect(parseRegistration({ email: composed, password: 'correct horse battery' }).email).toBe(composed);
    expect(parseLogin({ email: decomposed, password: 'x' })).toEqual({ email: composed, emailAsTyped: decomposed, password: 'x' });
  });
});

describe('parseDeletionPassword', () => {
  const failureOf = (body: unknown) => failure(() => parseDeletionPassword(body));

  it('takes the password as login does: NFC, so a decomposed accent matches the hash made from the composed one', () => {
    expect(parseDeletionPassword({ password: 'cafe\u0301 au lait' })).toBe('caf\u00e9 au lait');
  });

  it('words each shape problem as INVALID_INPUT, with the same 1024-character cap as login', () => {
    expect(failureOf({})).toMatchObject({ code: 'INVALID_INPUT', message: 'Please enter your password to delete your account.' });
    expect(failureOf({ password: '' })).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Please enter your password to delete your account.',
    });
    expect(failureOf({ password: 42 })).toMatchObject({ code: 'INVALID_INPUT', message: 'The password must be a string.' });
    expect(failureOf(['x'])).toMatchObject({ code: 'INVALID_INPUT', message: 'The request body must be a JSON object with password.' });
    expect(failureOf({ password: 'x', extra: 1 })).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The field "extra" is not allowed here.',
    });
    expect(failureOf({ password: 'x'.repeat(1025) })).toMatchObject({ code: 'INVALID_INPUT', message: 'The password is too long.' });
    expect(parseDeletionPassword({ password: 'x'.repeat(1024) })).toHaveLength(1024);
  });
});
