import Router from '@koa/router';
import type { ServiceClients } from '../clients';

/** /api/v1/auth/password-reset and /confirm. PLACEHOLDER until the password-reset work lands. */
export function passwordResetRoutes(_clients: ServiceClients): Router {
  return new Router({ prefix: '/api/v1/auth' });
}
