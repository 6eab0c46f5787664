import { characterCount, type FailureMapper, isStorableText, type Joi, UNSTORABLE_TEXT_MESSAGE, validate } from '@evalplan/common/input';
import { type AuthChecks, authRequests, EMAIL_MAX_LENGTH, PASSWORD_MAX_CHARACTERS, PASSWORD_MIN_CHARACTERS } from '../contracts/requests';
import { looksLikeRefreshToken as looksLikeToken } from '../secrets/refresh-token-secret';
import { WEAK_PASSWORD_MESSAGES, weakPasswordReason } from './password-policy';

export interface Credentials {
  /** Trimmed, lower-cased and NFC: the account's key (see normaliseEmail). */
  email: string;
  password: string;
}

/** Login: besides the key, the address as typed, which finds an account made before addresses were NFC (migration 006). */
export interface LoginCredentials extends Credentials {
  emailAsTyped: string;
}

const MESSAGES = {
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  passwordRequired: 'Please enter your password.',
  passwordShort: `The password must be at least ${PASSWORD_MIN_CHARACTERS} characters long.`,
  passwordLong: `The password must be at most ${PASSWORD_MAX_CHARACTERS} characters long.`,
  passwordNul: 'The password must not contain a NUL character.',
  notAnObject: 'The request body must be a JSON object with email and password.',
} as const;

/**
 * Passwords are compared as NFC, so the same password typed on two keyboards
 * that compose accents differently still matches.
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFC');
}

/**
 * An e-mail address as the account's key: trimmed and lower-cased (as typed,
 * by Joi) and then NFC, so the composed and decomposed spellings of "é" are
 * one address (Low 12 of issue 36). PostgreSQL's unique index computes the
 * same key (migration 006).
 */
export function normaliseEmail(address: string): string {
  return address.normalize('NFC');
}

const passwordRule: Joi.CustomValidator<string> = (value, helpers) => {
  const password = normalisePassword(value);
  const characters = characterCount(password);
  if (characters < PASSWORD_MIN_CHARACTERS) return helpers.error('password.short');
  if (password.includes('\u0000')) return helpers.error('password.nul');
  if (characters > PASSWORD_MAX_CHARACTERS) return helpers.error('password.long');
  const weakness = weakPasswordReason(password);
  if (weakness) return helpers.error(`password.${weakness}`);
  return password;
};

const PASSWORD_FAILURE_MESSAGES = {
  'password.short': MESSAGES.passwordShort,
  'password.long': MESSAGES.passwordLong,
  'password.nul': MESSAGES.passwordNul,
  'password.blank': WEAK_PASSWORD_MESSAGES.blank,
  'password.common': WEAK_PASSWORD_MESSAGES.common,
  'password.pattern': WEAK_PASSWORD_MESSAGES.pattern,
} as const;

/** The INVALID_PASSWORD failure of a chosen password that breaks the rules (its shape problems are INVALID_INPUT). */
export function newPasswordFailure(detail: Joi.ValidationErrorItem): { code: 'INVALID_PASSWORD'; message: string } {
  if (detail.type in PASSWORD_FAILURE_MESSAGES) return { code: 'INVALID_PASSWORD', message: detail.message };
  // An empty string: too short.
  return { code: 'INVALID_PASSWORD', message: MESSAGES.passwordShort };
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** auth-service's own checks, in the places the contract's schemas give them. */
const CHECKS: AuthChecks = {
  storableAddress: (value: string, helpers) => (isStorableText(value) ? value : helpers.error('string.unstorable')),
  // NFC can lengthen an address a little (a few characters have no composed form): the key must fit the column too.
  addressKeyFits: (value: string, helpers) =>
    characterCount(normaliseEmail(value)) > EMAIL_MAX_LENGTH ? helpers.error('string.max', { limit: EMAIL_MAX_LENGTH }) : value,
  chosenPassword: passwordRule,
  typedPassword: (value: string) => normalisePassword(value),
  resetToken: (value: string, helpers) => (looksLikeToken(value) ? value : helpers.error('token.shape')),
};

/** The request schemas of auth-service, with its checks. */
export const AUTH_SCHEMAS = authRequests(CHECKS);

/** The messages of the checks' own failures (the rest are worded by the failure mappers). */
export const CHECK_MESSAGES: Joi.LanguageMessages = {
  ...PASSWORD_FAILURE_MESSAGES,
  'token.shape': 'The token is not a password reset token.',
};

const registerSchema = AUTH_SCHEMAS.register as Joi.ObjectSchema<Credentials>;
const loginSchema = AUTH_SCHEMAS.login as Joi.ObjectSchema<Credentials>;
/** DELETE /auth/me's body: the password, as at login. */
const deletionSchema = AUTH_SCHEMAS.deletion as Joi.ObjectSchema<{ password: string }>;
const passwordChangeSchema = AUTH_SCHEMAS.passwordChange as Joi.ObjectSchema<PasswordChange>;

type InputFailure = { code: 'INVALID_INPUT'; message: string };

/**
 * The shape problems every auth form words the same way: not an object, a
 * field it does not take, a field that is not a string, text that cannot be
 * stored. `notAnObject` names the form's fields.
 */
export function shapeFailure(detail: Joi.ValidationErrorItem, notAnObject: string): InputFailure | undefined {
  const field = detail.path[0];
  if (detail.path.length === 0) return { code: 'INVALID_INPUT', message: notAnObject };
  if (detail.type === 'object.unknown') return { code: 'INVALID_INPUT', message: `The field "${String(field)}" is not allowed here.` };
  if (detail.type === 'string.base') return { code: 'INVALID_INPUT', message: `The ${String(field)} must be a string.` };
  if (detail.type === 'string.unstorable') return { code: 'INVALID_INPUT', message: UNSTORABLE_TEXT_MESSAGE };
  return undefined;
}

/** A current password (typedPassword) that is missing, empty or over its cap. */
function typedPasswordFailure(detail: Joi.ValidationErrorItem, messages: { missing: string; tooLong: string }): InputFailure {
  if (detail.type === 'any.required' || detail.type === 'string.empty') return { code: 'INVALID_INPUT', message: messages.missing };
  return { code: 'INVALID_INPUT', message: messages.tooLong };
}

/** Register and login: a missing field is asked for by name. */
function credentialsShapeFailure(detail: Joi.ValidationErrorItem): InputFailure | undefined {
  const shape = shapeFailure(detail, MESSAGES.notAnObject);
  if (shape) return shape;
  if (detail.type === 'any.required') {
    return { code: 'INVALID_INPUT', message: detail.path[0] === 'email' ? MESSAGES.emailRequired : MESSAGES.passwordRequired };
  }
  return undefined;
}

const registerFailure: FailureMapper = (detail) => {
  const shape = credentialsShapeFailure(detail);
  if (shape) return shape;
  if (detail.path[0] === 'email') return { code: 'INVALID_EMAIL', message: MESSAGES.emailInvalid };
  return newPasswordFailure(detail);
};

const passwordChangeFailure: FailureMapper = (detail) => {
  const shape = shapeFailure(detail, 'The request body must be a JSON object with currentPassword and newPassword.');
  if (shape) return shape;
  if (detail.path[0] === 'currentPassword') {
    return typedPasswordFailure(detail, { missing: 'Please enter your current password.', tooLong: 'The current password is too long.' });
  }
  if (detail.type === 'any.required') return { code: 'INVALID_INPUT', message: 'Please enter a new password.' };
  return newPasswordFailure(detail);
};

const deletionFailure: FailureMapper = (detail) =>
  shapeFailure(detail, 'The request body must be a JSON object with password.') ??
  typedPasswordFailure(detail, { missing: 'Please enter your password to delete your account.', tooLong: 'The password is too long.' });

const loginFailure: FailureMapper = (detail) => {
  const shape = credentialsShapeFailure(detail);
  if (shape) return shape;
  if (detail.type === 'string.empty') {
    return { code: 'INVALID_INPUT', message: detail.path[0] === 'email' ? MESSAGES.emailRequired : MESSAGES.passwordRequired };
  }
  return { code: 'INVALID_INPUT', message: 'The e-mail address or password is too long.' };
};

/** A registration body: the address's key (trimmed, lower-cased, NFC) and a password by the rules. */
export function parseRegistration(body: unknown): Credentials {
  const { email, password } = validate(registerSchema, body, registerFailure, { messages: CHECK_MESSAGES });
  return { email: normaliseEmail(email), password };
}

/** A password change body: the current password as typed (NFC), the new one by the register rules. */
export function parsePasswordChange(body: unknown): PasswordChange {
  return validate(passwordChangeSchema, body, passwordChangeFailure, { messages: CHECK_MESSAGES });
}

/** A login body: the address's key and the address as typed (trimmed, lower-cased); the password as typed (NFC). */
export function parseLogin(body: unknown): LoginCredentials {
  const { email, password } = validate(loginSchema, body, loginFailure, { messages: CHECK_MESSAGES });
  return { email: normaliseEmail(email), emailAsTyped: email, password };
}

/** An account deletion body: the password as typed (NFC), checked against the stored hash as at login. */
export function parseDeletionPassword(body: unknown): string {
  return validate(deletionSchema, body, deletionFailure, { messages: CHECK_MESSAGES }).password;
}
