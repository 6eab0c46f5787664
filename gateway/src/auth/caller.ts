import type { types } from '@evalplan/protos';
import type { Context } from 'koa';
import { userOf } from './guard';

/** The Caller message of an account route: who is signed in, from which sign-in, and from where. Only behind guard.required. */
export function callerOf(ctx: Context): types.Caller {
  const user = userOf(ctx);
  return { userId: user.id, familyId: user.familyId, clientIp: ctx.ip, userAgent: ctx.get('User-Agent') };
}
