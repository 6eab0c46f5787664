import { AppError } from '@evalplan/common/errors';
import { parseResetConfirmation, parseResetRequest } from './password-reset-input';

function failure(parse: () => unknown): { code: string; field: unknown; message: string } {
  try {
    parse();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: error.details.field, message: error.message };
    throw error;
  }
  throw new Error('expected a validation failure');
}

const TOKEN = 'A'.repeat(42) + '_';

describe('parseResetRequest', () => {
  it('normalises the address as register and login do', () => {
    expect(parseResetRequest({ email: '  Ada@Example.COM ' })).toEqual({ email: 'ada@example.com', emailAsTyped: 'ada@example.com' });
    expect(parseResetRequest({ email: 'Kate\u0301@example.com' })).toEqual({
      email: 'kat\u00e9@example.com',
      emailAsTyped: 'kate\u0301@example.com',
    });
  });

  it('answers a malformed body with INVALID_INPUT and a malformed address with INVALID_EMAIL', () => {
    expect(failure(() => parseResetRequest([]))).toMatchObject({ code: 'INVALID_INPUT', field: 'body' });
    expect(failure(() => parseResetRequest({}))).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'email',
      message: 'Please enter your e-mail address.',
    });
    expect(failure(() => parseResetRequest({ email: 42 }))).toMatchObject({ code: 'INVALID_INPUT', field: 'email' });
    expect(failure(() => parseResetRequest({ email: 'a@example.com', extra: 1 }))).toMatchObject({ code: 'INVALID_INPUT', field: 'extra' });
    expect(failure(() => parseResetRequest({ email: 'not an address' }))).toMatchObject({ code: 'INVALID_EMAIL', field: 'email' });
    expect(failure(() => parseResetRequest({ email: `${'a'.repeat(250)}@example.com` }))).toMatchObject({ code: 'INVALID_EMAIL' });
    expect(failure(() => parseResetRequest({ email: 'a\u0000@example.com' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'email' });
  });
});

describe('parseResetConfirmation', () => {
  it('takes a 43-character base64url token and a password under the register rules, as NFC', () => {
    expect(parseResetConfirmation({ token: TOKEN, newPassword: 'cafe\u0301-latte' })).toEqual({
      token: TOKEN,
      newPassword: 'caf\u00e9-latte',
    });
  });

  it('refuses a token of another length or alphabet as INVALID_RESET_TOKEN', () => {
    for (const token of ['A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`, `${'A'.repeat(42)}+`, `${'A'.repeat(42)}/`]) {
      expect(failure(() => parseResetConfirmation({ token, newPassword: 'long enough' }))).toMatchObject({
        code: 'INVALID_RESET_TOKEN',
        field: 'token',
      });
    }
  });

  it('reports a broken link before a weak password', () => {
    expect(failure(() => parseResetConfirmation({ token: 'short', newPassword: 'x' }))).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
  });

  it('applies the register password rules: INVALID_PASSWORD with their messages', () => {
    expect(failure(() => parseResetConfirmation({ token: TOKEN, newPassword: 'short' }))).toMatchObject({
      code: 'INVALID_PASSWORD',
      field: 'newPassword',
      message: expect.stringMatching(/at least 8 characters/),
    });
    expect(failure(() => parseResetConfirmation({ token: TOKEN, newPassword: 'é'.repeat(129) }))).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'The password must be at most 128 characters long.',
    });
    expect(failure(() => parseResetConfirmation({ token: TOKEN, newPassword: '12345678' }))).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: expect.stringMatching(/most commonly used/),
    });
    expect(failure(() => parseResetConfirmation({ token: TOKEN, newPassword: 'password\u0000x' }))).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: expect.stringMatching(/NUL/),
    });
  });

  it('answers missing or mistyped fields with INVALID_INPUT', () => {
    expect(failure(() => parseResetConfirmation('text'))).toMatchObject({ code: 'INVALID_INPUT', field: 'body' });
    expect(failure(() => parseResetConfirmation({ newPassword: 'long enough' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'token' });
    expect(failure(() => parseResetConfirmation({ token: TOKEN }))).toMatchObject({ code: 'INVALID_INPUT', field: 'newPassword' });
    expect(failure(() => parseResetConfirmation({ token: 7, newPassword: 'long enough' }))).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'token',
    });
    expect(failure(() => parseResetConfirmation({ token: TOKEN, newPassword: 12345678 }))).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'newPassword',
    });
  });

  it('never echoes the password or the token in a message', () => {
    const secret = 'sekret';
    expect(failure(() => parseResetConfirmation({ token: TOKEN, newPassword: secret })).message).not.toContain(secret);
    expect(failure(() => parseResetConfirmation({ token: `${secret}-token`, newPassword: 'long enough' })).message).not.toContain(secret);
  });
});
