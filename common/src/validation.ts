import Joi from 'joi';
import { AppError, type ErrorCode } from './errors';

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
export function validate<T>(schema: Joi.Schema<T>, value: unknown, mapFailure?: FailureMapper): T {
  const result = schema.validate(value, OPTIONS);
  if (!result.error) return result.value;
  const detail = result.error.details[0]!;
  const field = detail.path.length > 0 ? detail.path.join('.') : WHOLE_BODY_FIELD;
  const mapped = mapFailure?.(detail) ?? { code: 'INVALID_INPUT' as const };
  throw new AppError(mapped.code, mapped.message ?? sentence(detail.message), { field });
}

/** The JSON body the gateway forwarded, parsed; an empty string is an empty object. */
export function parseBodyJson(json: string): unknown {
  if (json.trim() === '') return {};
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new AppError('INVALID_INPUT', 'The request body is not valid JSON.', { field: WHOLE_BODY_FIELD });
  }
}
