import { AppError, type Logger, toEnvelope } from '@evalplan/common';
import type { Middleware } from 'koa';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Errors raised by Koa's body parser and friends, as the contract's codes. */
function fromHttpError(error: HttpLikeError): AppError | undefined {
  const status = error.status ?? error.statusCode;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MiB.');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (status === 400) return new AppError('INVALID_INPUT', 'The request body is not valid JSON.');
  return undefined;
}

/**
 * Writes the error envelope for anything thrown below. Domain errors keep
 * their code and message; anything unexpected is logged with its stack and
 * answered as INTERNAL_SERVER_ERROR with nothing of it leaked.
 */
export function errorEnvelope(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      let appError = error instanceof AppError ? error : fromHttpError(error as HttpLikeError);
      if (!appError) {
        logger.error({ err: error, method: ctx.method, path: ctx.path }, 'unhandled error');
        appError = new AppError('INTERNAL_SERVER_ERROR');
      } else if (appError.status >= 500) {
        logger.warn({ code: appError.code, method: ctx.method, path: ctx.path }, appError.message);
      }
      ctx.status = appError.status;
      ctx.body = toEnvelope(appError);
      if (appError.code === 'RATE_LIMITED' && typeof appError.details.retryAfterSeconds === 'number') {
        ctx.set('Retry-After', String(appError.details.retryAfterSeconds));
      }
    }
  };
}

/**
 * Turns what the router left unanswered into envelopes: an unknown path is
 * NOT_FOUND; a known path with another method (or an unknown method) is
 * METHOD_NOT_ALLOWED, keeping the Allow header the router set.
 */
export function unmatchedRoutes(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.body != null) return;
    if (ctx.status === 404) throw new AppError('NOT_FOUND', 'There is nothing at this address.');
    if (ctx.status === 405 || ctx.status === 501) throw new AppError('METHOD_NOT_ALLOWED');
  };
}
