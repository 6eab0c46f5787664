import Joi from 'joi';
import { AppError, type ErrorCode } from '../errors/app-error';

export { Joi };

/** What a failed rule becomes: the contract's code and, optionally, a message for people. */
export interface ValidationFailure {
  code: ErrorCode;
  message?: string;
}

/** Chooses the code and message for the first failing rule; undefined falls back to INVALID_INPUT. */
export type FailureMapper = (detail: Joi.ValidationErrorItem) => ValidationFailure | undefined;

/** The body (or other input) as a whole, when the failure is not about one field. */
export const WHOLE_BODY_FIELD = 'body';

/** convert: false validates without changing the value (data stored exactly as sent). */
export type ValidateOptions = Pick<Joi.ValidationOptions, 'convert' | 'messages'>;

const OPTIONS: Joi.ValidationOptions = {
  abortEarly: true,
  convert: true,
  errors: { wrap: { label: false } },
};

/** "email must be a string" → "Email must be a string." */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/**
 * Validates input against a compiled joi schema and returns the converted
 * value. The first failing field becomes an AppError with details.field;
 * `mapFailure` picks a more specific code than INVALID_INPUT where the
 * contract has one. Messages never echo the value, which may be a secret.
 */
export function validate<T>(schema: Joi.Schema<T>, value: unknown, mapFailure?: FailureMapper, options: ValidateOptions = {}): T {
  const result = schema.validate(value, { ...OPTIONS, ...options });
  if (!result.error) return result.value;
  const detail = result.error.details[0]!;
  const field = detail.path.length > 0 ? detail.path.join('.') : WHOLE_BODY_FIELD;
  const mapped = mapFailure?.(detail) ?? { code: 'INVALID_INPUT' as const };
  throw new AppError(mapped.code, mapped.message ?? sentence(detail.message), { field });
}

/** A request's JSON body text, parsed; an empty string is an empty object. */
export function parseBodyJson(json: string): unknown {
  if (json.trim() === '') return {};
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new AppError('INVALID_INPUT', 'The request body is not valid JSON.', { field: WHOLE_BODY_FIELD });
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** The text with each half of a broken surrogate pair replaced by U+FFFD, so it encodes as UTF-8. */
export function toWellFormed(text: string): string {
  return text.replace(LONE_SURROGATES, '\uFFFD');
}

/** The text PostgreSQL can store: NUL and each half of a broken surrogate pair become U+FFFD. */
export function toStorableText(text: string): string {
  return toWellFormed(text.replaceAll('\u0000', '\uFFFD'));
}

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** What people are told when text PostgreSQL cannot store is refused. */
export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or broken Unicode characters (half of a surrogate pair).';

/**
 * The path (dotted: keys and list indexes) of the first string or object key
 * PostgreSQL cannot store as sent: a NUL character, or half of a UTF-16
 * surrogate pair (it would be replaced silently or refused with an error).
 * '' means the value itself; undefined, that everything can be stored.
 */
export function findUnstorableText(value: unknown): string | undefined {
  return unstorablePathOf(value)?.reverse().join('.');
}

/** findUnstorableText's path, innermost first: built only on the way back from a find, not for every value walked. */
function unstorablePathOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : [];
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = unstorablePathOf(value[index]);
      if (found !== undefined) {
        found.push(String(index));
        return found;
      }
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (!isStorableText(key)) return [key];
    const found = unstorablePathOf((value as Record<string, unknown>)[key]);
    if (found !== undefined) {
      found.push(key);
      return found;
    }
  }
  return undefined;
}

/**
 * JSON's escape for NUL and for any surrogate half (hex digits in either case).
 * In JSON text decoded from UTF-8 these escapes are the only way such
 * characters can enter a parsed value: JSON.parse refuses a raw NUL (a
 * control character) and the UTF-8 decoder turns a raw surrogate into U+FFFD.
 */
const UNSTORABLE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * Whether JSON text decoded from UTF-8 may parse into text PostgreSQL cannot
 * store: false proves findUnstorableText would find nothing in its value, so
 * the walk over the value is needed only when this is true.
 */
export function mayHoldUnstorableText(utf8JsonText: string): boolean {
  return UNSTORABLE_ESCAPE.test(utf8JsonText);
}

/** JSON nesting deeper than any real request; deeper values are refused before anything recurses into them. */
export const MAX_JSON_DEPTH = 64;

/** Whether arrays and objects in `value` nest deeper than `limit` (iterative: safe for any depth). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') pending.push({ node: child, depth: depth + 1 });
    }
  }
  return false;
}
