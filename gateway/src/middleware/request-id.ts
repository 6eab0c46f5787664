import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { AppError } from '@evalplan/common/errors';
import { type CallOptions, isSaneRequestId, type RequestContext } from '@evalplan/common/grpc';
import type { Context, Middleware } from 'koa';
import { setDefaultResponseHeaders } from './response-headers';

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

/**
 * The gateway's requests whose handlers still run, and whether it is
 * stopping (every response from then on closes its connection). A handler
 * can outlive its connection (the client left while it worked), so shutdown
 * waits for handlers, not only for open connections, before it closes what
 * they use.
 */
export class Drain {
  draining = false;
  private running = 0;
  private onIdle: (() => void) | undefined;

  /** Handlers running now. */
  get inFlight(): number {
    return this.running;
  }

  enter(): void {
    this.running += 1;
  }

  leave(): void {
    this.running -= 1;
    if (this.running === 0) this.onIdle?.();
  }

  /** Resolves once no handler runs, or when `timeoutMs` has passed: with the number still running. */
  async settled(timeoutMs: number): Promise<number> {
    if (this.running > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, timeoutMs));
        this.onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.onIdle = undefined;
    }
    return this.running;
  }
}

/** The request a handler serves, for its log lines (requestFields) and gRPC calls (forRequest). */
export function requestContextOf(ctx: Context): RequestContext {
  return { requestId: String(ctx.state.requestId) };
}

/**
 * Aborted when the HTTP client goes away before its response is complete:
 * a call made with it is cancelled, and the service stops work done only
 * for that client (a PDF render). Made per route that needs it, not per request.
 */
export function untilClientLeaves(ctx: Context): AbortSignal {
  const controller = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) controller.abort(new AppError('REQUEST_CANCELLED'));
  });
  return controller.signal;
}

/** Options of a gRPC call made for this request: it carries the request id to the service. */
export function forRequest(ctx: Context, options: CallOptions = {}): CallOptions {
  return { ...options, context: requestContextOf(ctx) };
}

/** One call for all observers; none at all when there are none (the common benchmark case costs nothing). */
function observerOf(observers: readonly ResponseObserver[]): ResponseObserver | undefined {
  if (observers.length === 0) return undefined;
  if (observers.length === 1) return observers[0];
  return (ctx, startedAt, status) => {
    for (const observe of observers) observe(ctx, startedAt, status);
  };
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
