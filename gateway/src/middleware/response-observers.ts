import { STATUS_CODES } from 'node:http';
import type { Context } from 'koa';

/**
 * Told of every request once the middleware below has decided its response:
 * `startedAt` is its performance.now() on arrival, `status` the one the
 * client gets (Koa's answer when an error escaped everything below). Must not
 * throw: it runs on the promise Koa waits for.
 */
export type ResponseObserver = (ctx: Context, startedAt: number, status: number) => void;

/** The status Koa's own error handler answers for an error that escaped every middleware (same rule). */
export function statusOfEscaped(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const chosen = status || statusCode;
  return typeof chosen === 'number' && STATUS_CODES[chosen] !== undefined ? chosen : 500;
}

/** One call for all observers; none at all when there are none (the common benchmark case costs nothing). */
export function observerOf(observers: readonly ResponseObserver[]): ResponseObserver | undefined {
  if (observers.length === 0) return undefined;
  if (observers.length === 1) return observers[0];
  return (ctx, startedAt, status) => {
    for (const observe of observers) observe(ctx, startedAt, status);
  };
}
