import type { Middleware } from 'koa';

const ALLOW_HEADERS = 'Authorization, Content-Type';
const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * CORS for an allow-list of origins: an allowed origin is echoed with
 * credentials allowed; any other origin gets no Access-Control-* header at
 * all. Every OPTIONS request is answered here with 204 and no body.
 */
export function cors(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins);
  // Not async: passing next() through saves a promise per request.
  return (ctx, next) => {
    // The answer depends on Origin, whatever it is: caches must key on it.
    ctx.vary('Origin');
    const origin = ctx.get('Origin');
    if (origin && allowed.has(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Credentials', 'true');
      ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
      ctx.set('Access-Control-Allow-Methods', ALLOW_METHODS);
    }
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.body = null;
      return Promise.resolve();
    }
    return next();
  };
}
