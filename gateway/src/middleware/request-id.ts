import { randomUUID } from 'node:crypto';
import { isSaneRequestId, runWithRequestContext } from '@evalplan/common';
import type { Middleware } from 'koa';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Keeps a sane incoming X-Request-Id (or makes one), echoes it on the
 * response and runs the rest of the request in its context, so log lines and
 * gRPC calls carry it.
 */
export function requestId(): Middleware {
  return (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const id = isSaneRequestId(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set(REQUEST_ID_HEADER, id);
    return runWithRequestContext({ requestId: id }, () => next());
  };
}
