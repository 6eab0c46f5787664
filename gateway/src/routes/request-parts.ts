import { AppError } from '@evalplan/common/errors';
import { WHOLE_BODY_FIELD } from '@evalplan/common/input';
import { isPlainObject } from '@evalplan/common/typed-json';
import { type JsonMessages, messageOf, type types } from '@evalplan/protos';
import type { Context } from 'koa';
import { userOf } from '../auth/guard';

/** The parsed JSON body ({} when there was none); every body of the API is an object. */
export function bodyObject(ctx: Context): Record<string, unknown> {
  const body = ctx.request.body ?? {};
  if (!isPlainObject(body)) throw new AppError('INVALID_INPUT', 'The request body must be a JSON object.', { field: WHOLE_BODY_FIELD });
  return body;
}

/**
 * The JSON body as the typed message `typeName` (relative to the protos'
 * package): each key the message names in its field, the rest in its
 * `extra`, so the service checks exactly what was sent.
 */
export function bodyMessage<K extends keyof JsonMessages>(ctx: Context, typeName: K): JsonMessages[K] {
  return messageOf(typeName, bodyObject(ctx));
}

/** The largest value of an int32 field. */
const INT32_MAX = 2 ** 31 - 1;

/** A query value as a whole number (leading zeros allowed), or -1 when it is none: the service refuses it, naming the field. */
export function wholeNumberOrInvalid(raw: string): number {
  return /^\d{1,10}$/.test(raw) && Number(raw) <= INT32_MAX ? Number(raw) : -1;
}

/** The step number of a path, written as a number is ("1", not "01"), or -1: the service refuses it (INVALID_STEP_NUMBER). */
export function stepNumberOf(raw: string): number {
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : -1;
}

/** A route parameter, '' when absent. */
export function param(ctx: Context, name: string): string {
  return (ctx.params as Record<string, string | undefined>)[name] ?? '';
}

export function sessionRef(ctx: Context): types.WizardRef {
  return { sessionId: param(ctx, 'sessionId') };
}

/** The project in the path, as the signed-in caller asks for it (only behind guard.required). */
export function projectRef(ctx: Context): { project: types.ProjectRef } {
  return { project: { projectId: param(ctx, 'projectId'), userId: userOf(ctx).id } };
}
