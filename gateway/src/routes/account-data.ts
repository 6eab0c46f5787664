import Router from '@koa/router';
import type { AuthGuard } from '../auth/guard';
import type { ServiceClients } from '../clients';

/** GET /api/v1/auth/me/export and DELETE /api/v1/auth/me. PLACEHOLDER until the account-data work lands. */
export function accountDataRoutes(_clients: ServiceClients, _guard: AuthGuard): Router {
  return new Router({ prefix: '/api/v1/auth' });
}
