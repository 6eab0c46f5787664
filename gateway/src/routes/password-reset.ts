import Router from '@koa/router';
import type { ServiceClients } from '../clients';
import { forRequest } from '../middleware/request-id';
import { bodyMessage } from './request-parts';
import type { Answer } from '../contracts/responses';

/**
 * /api/v1/auth/password-reset and /confirm. The request is answered 202
 * whether or not the address has an account (the e-mail goes out after the
 * answer); the confirmation answers 204 once the password is set.
 */
export function passwordResetRoutes(clients: ServiceClients): Router {
  const router = new Router({ prefix: '/api/v1/auth' });
  const { auth } = clients;

  router.post('/password-reset', async (ctx) => {
    await auth.unary('RequestPasswordReset', { fields: bodyMessage(ctx, 'PasswordResetFields'), clientIp: ctx.ip }, forRequest(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 202;
    ctx.body = { status: 'accepted' } satisfies Answer<'Accepted'>;
  });

  router.post('/password-reset/confirm', async (ctx) => {
    await auth.unary(
      'ConfirmPasswordReset',
      { confirmation: bodyMessage(ctx, 'PasswordResetConfirmation'), clientIp: ctx.ip },
      forRequest(ctx),
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
  });

  return router;
}
