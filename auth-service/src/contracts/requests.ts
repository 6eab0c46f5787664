import { CharacterJoi, Joi } from '@evalplan/common/input';

/**
 * auth-service's request bodies, written once: each field's type, limits and
 * description. auth-service validates with them, its own checks (the
 * password policy, the address key, the reset token's shape) run in the
 * places AuthChecks names; the gateway's OpenAPI document is generated from
 * the same schemas (test/request-limits.test.ts sends the boundaries).
 */

/** RFC 5321's limit on a forward path, which bounds a usable address. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_CHARACTERS = 8;
/**
 * ASVS 2.1.2: at least 64 characters of any script are allowed, and more than
 * 128 refused. Characters are Unicode code points of the NFC form, so 128
 * Greek, CJK or emoji characters are as welcome as 128 Latin ones.
 */
export const PASSWORD_MAX_CHARACTERS = 128;
/** A password or address someone types to be checked (not chosen): a cap, not a rule. */
export const TYPED_MAX_CHARACTERS = 1024;

/** auth-service's own checks, each run where the schema needs it; the document's schemas run none. */
export interface AuthChecks {
  /** The address as typed holds only text PostgreSQL can store. */
  storableAddress: Joi.CustomValidator<string>;
  /** The address's key (NFC) fits the column too. */
  addressKeyFits: Joi.CustomValidator<string>;
  /** A chosen password: NFC, 8 to 128 characters, no NUL, not weak. */
  chosenPassword: Joi.CustomValidator<string>;
  /** A typed password, as NFC. */
  typedPassword: Joi.CustomValidator<string>;
  /** The shape of a reset token. */
  resetToken: Joi.CustomValidator<string>;
}

const unchecked: Joi.CustomValidator<string> = (value) => value;
const NO_CHECKS: AuthChecks = {
  storableAddress: unchecked,
  addressKeyFits: unchecked,
  chosenPassword: unchecked,
  typedPassword: unchecked,
  resetToken: unchecked,
};

const CHOSEN_PASSWORD = `${PASSWORD_MIN_CHARACTERS} to ${PASSWORD_MAX_CHARACTERS} characters of any script (NFC), not only whitespace, not a common password or a simple pattern.`;

/** The request schemas, with `checks` in their places (none: the schemas as documented). */
export function authRequests(checks: AuthChecks = NO_CHECKS) {
  // The address is looked up in SQL: text PostgreSQL cannot hold must not get that far.
  const emailAsTyped = CharacterJoi.string().trim().lowercase().custom(checks.storableAddress);
  const address = emailAsTyped
    .required()
    .maxChars(EMAIL_MAX_LENGTH)
    .custom(checks.addressKeyFits)
    .email({ minDomainSegments: 2, tlds: { allow: true } })
    .description('Trimmed and lower-cased; the key of the account (NFC).');
  // The checks come first (they count the NFC form); the limits after them state what they enforce.
  const chosenPassword = CharacterJoi.string()
    .required()
    .custom(checks.chosenPassword)
    .minChars(PASSWORD_MIN_CHARACTERS)
    .maxChars(PASSWORD_MAX_CHARACTERS)
    .description(CHOSEN_PASSWORD);
  const typedPassword = CharacterJoi.string()
    .required()
    .maxChars(TYPED_MAX_CHARACTERS)
    .custom(checks.typedPassword)
    .description('Checked against the stored hash, as at login; not against the rules.');
  return {
    register: Joi.object({ email: address, password: chosenPassword }).required(),
    login: Joi.object({
      email: emailAsTyped.required().maxChars(TYPED_MAX_CHARACTERS).description('Trimmed and lower-cased.'),
      password: typedPassword,
    }).required(),
    passwordChange: Joi.object({ currentPassword: typedPassword, newPassword: chosenPassword }).required(),
    deletion: Joi.object({ password: typedPassword }).required(),
    resetRequest: Joi.object({
      email: address.description('The address of the account; any well-formed address is answered alike.'),
    }).required(),
    // Keys are checked in this order: a broken link is reported before the password.
    resetConfirm: Joi.object({
      token: Joi.string()
        .required()
        .custom(checks.resetToken)
        .description('The token from the e-mailed link (43 characters, base64url: 256 bits).'),
      newPassword: chosenPassword,
    }).required(),
  };
}
