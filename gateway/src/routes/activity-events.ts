import { AppError } from '@evalplan/common/errors';
import type { Context, Middleware } from 'koa';
import Router from '@koa/router';
import type { AuthGuard, AuthState } from '../auth/guard';
import type { ServiceClients } from '../clients';
import type { ClientLimits } from '../limits/client-limits';
import { bodyMessage } from './request-parts';
import { forRequest } from '../middleware/request-id';
import type { Answer } from '../contracts/responses';

/** The signed-in user's id, '' for an anonymous caller of an optional-bearer route. */
function optionalUserId(ctx: Context): string {
  return (ctx.state as AuthState).user?.id ?? '';
}

/**
 * The contract's words for failures of the events route, wherever they
 * arise: anything unavailable (activity-service, or the token blacklist a
 * bearer is checked against) is ACTIVITY_RECORDER_UNAVAILABLE, an unexpected
 * failure a service reported ACTIVITY_RECORD_FAILED. (An error of the
 * gateway's own code stays INTERNAL_SERVER_ERROR, logged with its stack.)
 */
const inActivityTerms: Middleware = async (_ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') throw new AppError('ACTIVITY_RECORDER_UNAVAILABLE');
    if (error instanceof AppError && error.code === 'INTERNAL_SERVER_ERROR') throw new AppError('ACTIVITY_RECORD_FAILED');
    throw error;
  }
};

/** POST /api/v1/activity/events: events a client reports, stored by activity-service as frontend_<type>. */
export function activityEventRoutes(clients: ServiceClients, guard: AuthGuard, limits: ClientLimits): Router {
  const router = new Router({ prefix: '/api/v1' });
  const { activity } = clients;

  // Limited after the bearer is checked: a signed-in caller counts as its user.
  router.post('/activity/events', inActivityTerms, guard.optional, limits.activityEvents, async (ctx) => {
    await activity.unary(
      'RecordFrontendEvent',
      {
        userId: optionalUserId(ctx),
        event: bodyMessage(ctx, 'FrontendEvent'),
        requestId: String(ctx.state.requestId ?? ''),
        userAgent: ctx.get('User-Agent'),
      },
      forRequest(ctx),
    );
    ctx.status = 202;
    ctx.body = { status: 'accepted' } satisfies Answer<'Accepted'>;
  });

  return router;
}
