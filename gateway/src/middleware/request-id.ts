import { randomUUID } from 'node:crypto';
import { type CallOptions, isSaneRequestId, type RequestContext } from '@evalplan/common/grpc';
import type { Context, Middleware } from 'koa';
import type { Drain } from './drain';
import { observerOf, type ResponseObserver, statusOfEscaped } from './response-observers';
import { setDefaultResponseHeaders } from './response-headers';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The request a handler serves, for its log lines (requestFields) and gRPC calls (forRequest). */
export function requestContextOf(ctx: Context): RequestContext {
  return { requestId: String(ctx.state.requestId) };
}

/** Options of a gRPC call made for this request: it carries the request id to the service. */
export function forRequest<O extends CallOptions>(ctx: Context, options?: O): O & CallOptions {
  return { ...(options as O), context: requestContextOf(ctx) };
}

/**
 * The outermost middleware. Keeps a sane incoming X-Request-Id (or makes
 * one) and echoes it on the response; handlers hand it on with
 * requestContextOf. Once the gateway drains, it
 * answers with `Connection: close`, so a keep-alive client does not send its
 * next request to a process that is going away, and counts the handlers
 * running for the drain. Tells the observers (activity, access log) how each
 * request ended, and sets the caching and sniffing defaults every answer
 * starts with (response-headers.ts): here rather than in layers of their
 * own, because every middleware layer costs each request a few promises.
 */
export function requestId(drain: Drain, observers: readonly ResponseObserver[] = []): Middleware {
  const observe = observerOf(observers);
  return (ctx, next) => {
    const startedAt = performance.now();
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const id = isSaneRequestId(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set(REQUEST_ID_HEADER, id);
    setDefaultResponseHeaders(ctx.res);
    drain.enter();
    return next().then(
      () => {
        drain.leave();
        if (drain.draining) ctx.set('Connection', 'close');
        observe?.(ctx, startedAt, ctx.status);
      },
      (error: unknown) => {
        drain.leave();
        observe?.(ctx, startedAt, statusOfEscaped(error));
        throw error;
      },
    );
  };
}
