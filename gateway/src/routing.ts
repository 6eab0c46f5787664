import type Router from '@koa/router';
import compose from 'koa-compose';
import type { Middleware } from 'koa';

/**
 * Routes dispatched through @koa/router, with an exact-match index in front
 * for routes without parameters (probes, ping, auth, session creation, the
 * project list, ...). @koa/router matches every layer and composes a chain on
 * each request, a fifth of a trivial route's cost (docs/benchmarks.md); a Map
 * lookup answers the same routes with the same handlers. Anything the index
 * does not hold exactly (parameters, trailing slashes, other casing) goes
 * through the router as before.
 */
export function routeDispatcher(router: Router): Middleware {
  const routed = router.routes() as unknown as Middleware;
  const exact = new Map<string, Middleware>();
  // Router-level middleware would have to run before routes: keep it all on the router then.
  const hasSharedMiddleware = router.stack.some((layer) => layer.methods.length === 0);
  if (!hasSharedMiddleware) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string' || layer.paramNames.length > 0) continue;
      const handler = compose(layer.stack as unknown as Middleware[]);
      for (const method of layer.methods) {
        const key = `${method} ${layer.path}`;
        // Two routes on one method and path run as a chain in the router: leave those to it.
        if (exact.has(key)) exact.set(key, routed);
        else exact.set(key, handler);
      }
    }
  }
  return (ctx, next) => {
    const handler = exact.get(`${ctx.method} ${ctx.path}`);
    if (handler === undefined) return routed(ctx, next);
    ctx.params = {};
    return handler(ctx, next);
  };
}
