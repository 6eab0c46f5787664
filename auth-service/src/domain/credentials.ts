import { type FailureMapper, isStorableText, Joi, UNSTORABLE_TEXT_MESSAGE, validate } from '@evalplan/common/input';

/** RFC 5321's limit on a forward path, which bounds a usable address. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_CHARACTERS = 8;
/** bcrypt reads at most 72 bytes; longer passwords are refused rather than silently cut. */
export const PASSWORD_MAX_BYTES = 72;

export interface Credentials {
  email: string;
  password: string;
}

const MESSAGES = {
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  passwordRequired: 'Please enter your password.',
  passwordShort: `The password must be at least ${PASSWORD_MIN_CHARACTERS} characters long.`,
  passwordLong: `The password must be at most ${PASSWORD_MAX_BYTES} bytes long (fewer characters if it uses accented or non-Latin letters).`,
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

/** Whether bcrypt would see exactly this password (it stops at NUL and after 72 bytes). */
export function isHashablePassword(password: string): boolean {
  return !password.includes('\u0000') && Buffer.byteLength(password, 'utf8') <= PASSWORD_MAX_BYTES;
}

const passwordRule: Joi.CustomValidator<string> = (value, helpers) => {
  const password = normalisePassword(value);
  if ([...password].length < PASSWORD_MIN_CHARACTERS) return helpers.error('password.short');
  if (password.includes('\u0000')) return helpers.error('password.nul');
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) return helpers.error('password.long');
  return password;
};

// The address is looked up in SQL: text PostgreSQL cannot hold must not get that far (it answers with an error).
const email = Joi.string()
  .trim()
  .lowercase()
  .custom((value: string, helpers) => (isStorableText(value) ? value : helpers.error('string.unstorable')));

/** A password someone chooses (register, change, reset): the register rules, NFC-normalised. */
export const newPasswordSchema = Joi.string()
  .required()
  .custom(passwordRule)
  .messages({ 'password.short': MESSAGES.passwordShort, 'password.long': MESSAGES.passwordLong, 'password.nul': MESSAGES.passwordNul });

/** The INVALID_PASSWORD failure of a chosen password that breaks the rules (its shape problems are INVALID_INPUT). */
export function newPasswordFailure(detail: Joi.ValidationErrorItem): { code: 'INVALID_PASSWORD'; message: string } {
  if (detail.type === 'password.long' || detail.type === 'password.nul') return { code: 'INVALID_PASSWORD', message: detail.message };
  return { code: 'INVALID_PASSWORD', message: MESSAGES.passwordShort };
}

const registerSchema = Joi.object<Credentials>({
  email: email
    .required()
    .max(EMAIL_MAX_LENGTH)
    .email({ minDomainSegments: 2, tlds: { allow: true } }),
  password: newPasswordSchema,
}).required();

/** The current password, as for login: checked against the stored hash, not against the rules. */
const typedPassword = Joi.string()
  .required()
  .max(1024)
  .custom((value: string) => normalisePassword(value));

const loginSchema = Joi.object<Credentials>({
  email: email.required().max(1024),
  // Checked against the stored hash, not against the registration rules.
  password: typedPassword,
}).required();

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

const passwordChangeSchema = Joi.object<PasswordChange>({
  currentPassword: typedPassword,
  newPassword: newPasswordSchema,
}).required();

/** Shape problems (missing, wrong type, not an object) and text that cannot be stored are INVALID_INPUT in both forms. */
function shapeFailure(detail: Joi.ValidationErrorItem): { code: 'INVALID_INPUT'; message: string } | undefined {
  const field = detail.path[0];
  if (detail.path.length === 0) return { code: 'INVALID_INPUT', message: MESSAGES.notAnObject };
  if (detail.type === 'string.unstorable') return { code: 'INVALID_INPUT', message: UNSTORABLE_TEXT_MESSAGE };
  if (detail.type === 'any.required') {
    return { code: 'INVALID_INPUT', message: field === 'email' ? MESSAGES.emailRequired : MESSAGES.passwordRequired };
  }
  if (detail.type === 'string.base') return { code: 'INVALID_INPUT', message: `The ${String(field)} must be a string.` };
  if (detail.type === 'object.unknown') return { code: 'INVALID_INPUT', message: `The field "${String(field)}" is not allowed here.` };
  return undefined;
}

const registerFailure: FailureMapper = (detail) => {
  const shape = shapeFailure(detail);
  if (shape) return shape;
  if (detail.path[0] === 'email') return { code: 'INVALID_EMAIL', message: MESSAGES.emailInvalid };
  return newPasswordFailure(detail);
};

const passwordChangeFailure: FailureMapper = (detail) => {
  const field = detail.path[0];
  if (detail.path.length === 0) {
    return { code: 'INVALID_INPUT', message: 'The request body must be a JSON object with currentPassword and newPassword.' };
  }
  if (detail.type === 'object.unknown') return { code: 'INVALID_INPUT', message: `The field "${String(field)}" is not allowed here.` };
  if (detail.type === 'string.base') return { code: 'INVALID_INPUT', message: `The ${String(field)} must be a string.` };
  if (field === 'currentPassword') {
    if (detail.type === 'any.required' || detail.type === 'string.empty') {
      return { code: 'INVALID_INPUT', message: 'Please enter your current password.' };
    }
    return { code: 'INVALID_INPUT', message: 'The current password is too long.' };
  }
  if (detail.type === 'any.required') return { code: 'INVALID_INPUT', message: 'Please enter a new password.' };
  return newPasswordFailure(detail);
};

const loginFailure: FailureMapper = (detail) => {
  const shape = shapeFailure(detail);
  if (shape) return shape;
  if (detail.type === 'string.empty') {
    return { code: 'INVALID_INPUT', message: detail.path[0] === 'email' ? MESSAGES.emailRequired : MESSAGES.passwordRequired };
  }
  return { code: 'INVALID_INPUT', message: 'The e-mail address or password is too long.' };
};

/** A registration body: trimmed, lower-cased address and a password bcrypt can hash whole. */
export function parseRegistration(body: unknown): Credentials {
  return validate(registerSchema, body, registerFailure);
}

/** A password change body: the current password as typed (NFC), the new one by the register rules. */
export function parsePasswordChange(body: unknown): PasswordChange {
  return validate(passwordChangeSchema, body, passwordChangeFailure);
}

/** A login body: the same address normalisation; the password as typed (NFC). */
export function parseLogin(body: unknown): Credentials {
  return validate(loginSchema, body, loginFailure);
}
