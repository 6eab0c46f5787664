import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { isSaneRequestId, runWithRequestContext } from '@evalplan/common';
import type { Context, Middleware } from 'koa';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Told of every request once the middleware below has decided its response:
 * `startedAt` is its performance.now() on arrival, `status` the one the
 * client gets (Koa's answer when an error escaped everything below). Must not
 * throw: it runs on the promise Koa waits for.
 */
export type ResponseObserver = (ctx: Context, startedAt: number, status: number) => void;

/** The status Koa's own error handler answers for an error that escaped every middleware (same rule). */
function statusOfEscaped(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const chosen = status || statusCode;
  return typeof chosen === 'number' && STATUS_CODES[chosen] !== undefined ? chosen : 500;
}

/** Set once the gateway stops: every response from then on closes its connection. */
export interface Drain {
  draining: boolean;
}

/**
 * The outermost middleware. Keeps a sane incoming X-Request-Id (or makes
 * one), echoes it on the response and runs the rest of the request in its
 * context, so log lines and gRPC calls carry it. Once the gateway drains, it
 * answers with `Connection: close`, so a keep-alive client does not send its
 * next request to a process that is going away. Tells `observe` how each
 * request ended: here rather than in a layer of its own, because every
 * middleware layer costs each request a few promises.
 */
export function requestId(drain: Drain, observe?: ResponseObserver): Middleware {
  return (ctx, next) => {
    const startedAt = performance.now();
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const id = isSaneRequestId(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set(REQUEST_ID_HEADER, id);
    const handled = runWithRequestContext({ requestId: id }, () => next());
    return handled.then(
      () => {
        if (drain.draining) ctx.set('Connection', 'close');
        observe?.(ctx, startedAt, ctx.status);
      },
      (error: unknown) => {
        observe?.(ctx, startedAt, statusOfEscaped(error));
        throw error;
      },
    );
  };
}
