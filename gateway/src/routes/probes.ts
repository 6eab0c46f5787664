import type { Cache, Database } from '@evalplan/common';
import Router from '@koa/router';

/** The contract's "short dependency timeout" for readiness. */
export const READY_TIMEOUT_MS = 1_000;

type DependencyState = 'ok' | 'error';

async function check(ping: () => Promise<void>): Promise<DependencyState> {
  try {
    await ping();
    return 'ok';
  } catch {
    return 'error';
  }
}

/** Liveness and readiness, outside the /api/v1 prefix. */
export function probeRoutes(deps: { db: Database; cache: Cache }): Router {
  const router = new Router();
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/ready', async (ctx) => {
    const [database, cache] = await Promise.all([
      check(() => deps.db.ping(READY_TIMEOUT_MS)),
      check(() => deps.cache.ping(READY_TIMEOUT_MS)),
    ]);
    const ready = database === 'ok' && cache === 'ok';
    ctx.status = ready ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: ready ? 'ok' : 'error', database, cache };
  });
  return router;
}
