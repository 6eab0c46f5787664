import { AppError, type Logger, toEnvelope } from '@evalplan/common';
import type { Context, Middleware } from 'koa';

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
  if (status === 400) return new AppError('INVALID_INPUT', 'The request body is not a valid JSON object.', { field: 'body' });
  return undefined;
}

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
      appError = error instanceof AppError ? error : fromHttpError(error as HttpLikeError);
      if (!appError) {
        logger.error({ err: error, method: ctx.method, path: ctx.path }, 'unhandled error');
        appError = new AppError('INTERNAL_SERVER_ERROR');
      } else if (appError.status === 503) {
        // An outage: logged once where it is noticed (dependency monitor, client pool), not per request.
        logger.debug({ code: appError.code, method: ctx.method, path: ctx.path }, appError.message);
      } else if (appError.status >= 500) {
        logger.warn({ code: appError.code, method: ctx.method, path: ctx.path }, appError.message);
      }
    }
    ctx.status = appError.status;
    ctx.body = toEnvelope(appError);
    const retryAfter = appError.details.retryAfterSeconds;
    if (typeof retryAfter === 'number') ctx.set('Retry-After', String(retryAfter));
    else if (appError.status === 503) ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
  };
}
