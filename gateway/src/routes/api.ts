import type { Context } from 'koa';
import Router from '@koa/router';
import type { AuthGuard, AuthState } from '../auth/guard';
import type { ServiceClients } from '../clients';
import { bodyJson } from './request-parts';

/**
 * Activity routes, forwarding to activity-service, which answers
 * UNIMPLEMENTED until its feature lands (a 501 envelope).
 */

/** The signed-in user's id, '' for an anonymous caller of an optional-bearer route. */
function optionalUserId(ctx: Context): string {
  return (ctx.state as AuthState).user?.id ?? '';
}

export function apiRoutes(clients: ServiceClients, guard: AuthGuard): Router {
  const router = new Router({ prefix: '/api/v1' });
  const { activity } = clients;

  router.post('/activity/events', guard.optional, async (ctx) => {
    await activity.unary('RecordFrontendEvent', {
      userId: optionalUserId(ctx),
      bodyJson: bodyJson(ctx),
      requestId: String(ctx.state.requestId ?? ''),
      userAgent: ctx.get('User-Agent'),
    });
    ctx.status = 202;
    ctx.body = { status: 'accepted' };
  });

  return router;
}
