import { type FailureMapper, type Joi, validate } from '@evalplan/common/input';
import { AUTH_SCHEMAS, CHECK_MESSAGES, newPasswordFailure, normaliseEmail, shapeFailure } from './credentials';

export interface ResetConfirmation {
  token: string;
  newPassword: string;
}

const MESSAGES = {
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  requestNotAnObject: 'The request body must be a JSON object with email.',
  confirmNotAnObject: 'The request body must be a JSON object with token and newPassword.',
  tokenRequired: 'The password reset token is missing. Please open the link from the e-mail again.',
  newPasswordRequired: 'Please enter a new password.',
} as const;

// Normalised as at register and login, so the address finds the account it was registered with.
const requestSchema = AUTH_SCHEMAS.resetRequest as Joi.ObjectSchema<{ email: string }>;
// A reset token has a refresh token's shape (256 random bits, base64url without padding): checked before the password.
const confirmSchema = AUTH_SCHEMAS.resetConfirm as Joi.ObjectSchema<ResetConfirmation>;

const requestFailure: FailureMapper = (detail) => {
  const shape = shapeFailure(detail, MESSAGES.requestNotAnObject);
  if (shape) return shape;
  if (detail.type === 'any.required' || detail.type === 'string.empty') return { code: 'INVALID_INPUT', message: MESSAGES.emailRequired };
  return { code: 'INVALID_EMAIL', message: MESSAGES.emailInvalid };
};

const confirmFailure: FailureMapper = (detail) => {
  const shape = shapeFailure(detail, MESSAGES.confirmNotAnObject);
  if (shape) return shape;
  if (detail.type === 'any.required') {
    return { code: 'INVALID_INPUT', message: detail.path[0] === 'token' ? MESSAGES.tokenRequired : MESSAGES.newPasswordRequired };
  }
  if (detail.path[0] !== 'token') return newPasswordFailure(detail);
  if (detail.type === 'string.empty') return { code: 'INVALID_INPUT', message: MESSAGES.tokenRequired };
  // Not the shape of any token we issue: refused like an unknown one, without a database read.
  return { code: 'INVALID_RESET_TOKEN' };
};

/** POST /auth/password-reset's body: the address's key (trimmed, lower-cased, NFC) and the address as typed (see LoginCredentials). */
export function parseResetRequest(body: unknown): { email: string; emailAsTyped: string } {
  const { email } = validate(requestSchema, body, requestFailure, { messages: CHECK_MESSAGES });
  return { email: normaliseEmail(email), emailAsTyped: email };
}

/** POST /auth/password-reset/confirm's body: a token of the right shape and a password under the register rules (NFC). */
export function parseResetConfirmation(body: unknown): ResetConfirmation {
  return validate(confirmSchema, body, confirmFailure, { messages: CHECK_MESSAGES });
}
