import { AppError, toEnvelope } from '@evalplan/common/errors';
import { type Logger } from '@evalplan/common/logging';
import type { Context, Middleware } from 'koa';
import { loggablePath } from './routing';
import { NO_STORE } from './response-headers';
import type { Answer } from '../contracts/responses';

/**
 * Seconds a client should wait before trying again after a 503: services
 * come back from a restart, and dependencies from a blip, within a few
 * seconds (docs/reliability.md).
 */
export const RETRY_AFTER_SECONDS = 5;

/** Which methods the routes at a path answer; empty for an unknown path. */
export type AllowedMethods = (path: string) => string[];

/**
 * What nothing answered: a known path with another method is
 * METHOD_NOT_ALLOWED with an Allow header; anything else NOT_FOUND. Worked
 * out only on this cold path, so matched requests pay nothing for it.
 */
function unanswered(ctx: Context, allowedMethods: AllowedMethods): AppError | undefined {
  if (ctx.status !== 404) return undefined;
  const allowed = allowedMethods(ctx.path);
  if (allowed.length === 0) return new AppError('NOT_FOUND', 'There is nothing at this address.');
  ctx.set('Allow', allowed.join(', '));
  return new AppError('METHOD_NOT_ALLOWED');
}

/**
 * Writes the error envelope for anything thrown below and for requests
 * nothing answered. Domain errors keep their code and message; anything
 * unexpected is logged with its stack and answered as INTERNAL_SERVER_ERROR
 * with nothing of it leaked. One wrapper does both: every extra async layer
 * is measurable on the hot path.
 */
export function errorEnvelope(logger: Logger, allowedMethods: AllowedMethods): Middleware {
  return async (ctx, next) => {
    let appError: AppError | undefined;
    try {
      await next();
      if (ctx.body != null) return;
      appError = unanswered(ctx, allowedMethods);
      if (!appError) return;
    } catch (error) {
      appError = error instanceof AppError ? error : new AppError('INTERNAL_SERVER_ERROR');
      if (!(error instanceof AppError)) {
        logger.error({ err: error, method: ctx.method, path: loggablePath(ctx), request_id: ctx.state.requestId }, 'unhandled error');
      } else if (appError.status === 503) {
        // An outage: logged once where it is noticed (dependency monitor, client pool), not per request.
        logger.debug(
          { code: appError.code, method: ctx.method, path: loggablePath(ctx), request_id: ctx.state.requestId },
          appError.message,
        );
      } else if (appError.status >= 500) {
        logger.warn(
          { code: appError.code, method: ctx.method, path: loggablePath(ctx), request_id: ctx.state.requestId },
          appError.message,
        );
      }
    }
    ctx.status = appError.status;
    // An error is about this request alone, whatever caching the route had chosen for its answer.
    ctx.set('Cache-Control', NO_STORE);
    ctx.body = toEnvelope(appError) satisfies Answer<'ErrorEnvelope'>;
    const retryAfter = appError.details.retryAfterSeconds;
    if (typeof retryAfter === 'number') ctx.set('Retry-After', String(retryAfter));
    else if (appError.status === 503) ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
  };
}
