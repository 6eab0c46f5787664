import { AppError } from '@evalplan/common/errors';
import Router from '@koa/router';
import type { Answer } from '../contracts/responses';

/** /api/v1/ping and the two routes that exercise failure handling. */
export function diagnosticRoutes(): Router {
  const router = new Router({ prefix: '/api/v1' });
  router.get('/ping', (ctx) => {
    ctx.body = { message: 'pong' } satisfies Answer<'Message'>;
  });
  router.get('/panic', () => {
    // An unexpected failure on purpose: the recovery middleware must answer 500.
    throw new Error('deliberate panic from /api/v1/panic');
  });
  router.get('/error', (ctx) => {
    throw new AppError('BAD_REQUEST', 'This is a sample error.', { path: ctx.path });
  });
  return router;
}
