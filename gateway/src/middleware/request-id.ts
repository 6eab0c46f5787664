import { randomUUID } from 'node:crypto';
import { isSaneRequestId, runWithRequestContext } from '@evalplan/common';
import type { Context, Middleware } from 'koa';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Told of every request once the middleware below has decided its response:
 * `startedAt` is its performance.now() on arrival, `status` the one the
 * client gets (500 when an error escaped everything below).
 */
export type ResponseObserver = (ctx: Context, startedAt: number, status: number) => void;

/** The status Koa answers for an error that escaped every middleware. */
function statusOfEscaped(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * The outermost middleware. Keeps a sane incoming X-Request-Id (or makes
 * one), echoes it on the response and runs the rest of the request in its
 * context, so log lines and gRPC calls carry it. Tells `observe` how each
 * request ended: here rather than in a layer of its own, because every
 * middleware layer costs each request a few promises.
 */
export function requestId(observe?: ResponseObserver): Middleware {
  return (ctx, next) => {
    const startedAt = performance.now();
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const id = isSaneRequestId(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set(REQUEST_ID_HEADER, id);
    const handled = runWithRequestContext({ requestId: id }, () => next());
    if (!observe) return handled;
    return handled.then(
      () => observe(ctx, startedAt, ctx.status),
      (error: unknown) => {
        observe(ctx, startedAt, statusOfEscaped(error));
        throw error;
      },
    );
  };
}
