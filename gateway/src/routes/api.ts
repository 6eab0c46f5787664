import { AppError } from '@evalplan/common';
import type { Context } from 'koa';
import Router from '@koa/router';
import type { AuthGuard, AuthState } from '../auth/guard';
import type { ServiceClients } from '../clients';
import { bodyJson } from './request-parts';

/** POST /api/v1/activity/events: events a client reports, stored by activity-service as frontend_<type>. */

/** The signed-in user's id, '' for an anonymous caller of an optional-bearer route. */
function optionalUserId(ctx: Context): string {
  return (ctx.state as AuthState).user?.id ?? '';
}

export function apiRoutes(clients: ServiceClients, guard: AuthGuard): Router {
  const router = new Router({ prefix: '/api/v1' });
  const { activity } = clients;

  router.post('/activity/events', guard.optional, async (ctx) => {
    try {
      await activity.unary('RecordFrontendEvent', {
        userId: optionalUserId(ctx),
        bodyJson: bodyJson(ctx),
        requestId: String(ctx.state.requestId ?? ''),
        userAgent: ctx.get('User-Agent'),
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') throw new AppError('ACTIVITY_RECORDER_UNAVAILABLE');
      // Whatever else went wrong on the way, the contract's word for it here is ACTIVITY_RECORD_FAILED.
      if (error instanceof AppError && error.code === 'INTERNAL_SERVER_ERROR') throw new AppError('ACTIVITY_RECORD_FAILED');
      throw error;
    }
    ctx.status = 202;
    ctx.body = { status: 'accepted' };
  });

  return router;
}
