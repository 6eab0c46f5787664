import type { types } from '@evalplan/protos';
import type { Context } from 'koa';
import { userOf } from '../auth/guard';

/** The parsed JSON body as text for a service to validate ({} when there was none). */
export function bodyJson(ctx: Context): string {
  return JSON.stringify(ctx.request.body ?? {});
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
