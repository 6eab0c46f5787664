import { AppError } from '@evalplan/common/errors';
import { isHashablePassword, parseDeletionPassword, parseLogin, parseRegistration } from './credentials';

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

  it('counts characters for the minimum and bytes for the maximum', () => {
    expect(failure(() => parseRegistration({ email: 'a@example.com', password: 'ééééééé' }))).toMatchObject({
      code: 'INVALID_PASSWORD',
      field: 'password',
    });
    expect(parseRegistration({ email: 'a@example.com', password: 'é'.repeat(36) }).password).toHaveLength(36);
    expect(failure(() => parseRegistration({ email: 'a@example.com', password: 'é'.repeat(37) }))).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: expect.stringMatching(/72 bytes/),
    });
  });

  it('refuses a password with a NUL character, where bcrypt would stop reading', () => {
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
    expect(parseLogin({ email: ' X@Example.com', password: 'short' })).toEqual({ email: 'x@example.com', password: 'short' });
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

describe('isHashablePassword', () => {
  it('is false where bcrypt would silently compare less than the whole password', () => {
    expect(isHashablePassword('a'.repeat(72))).toBe(true);
    expect(isHashablePassword('a'.repeat(73))).toBe(false);
    expect(isHashablePassword('abc\u0000def')).toBe(false);
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
