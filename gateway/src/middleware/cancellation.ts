import { AppError } from '@evalplan/common/errors';
import type { Context } from 'koa';

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
