import type { Middleware } from 'koa';

const ALLOW_HEADERS = 'Authorization, Content-Type, X-Request-Id';
const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
/**
 * Response headers a browser script may read beyond the CORS-safelisted ones:
 * the request id to quote in a report, when to retry after a 429 or 503, and
 * the file name of a downloaded PDF.
 */
const EXPOSE_HEADERS = 'X-Request-Id, Retry-After, Content-Disposition';

export interface CorsOptions {
  allowedOrigins: readonly string[];
  /** How long a browser may cache a preflight's answer (Access-Control-Max-Age). */
  maxAgeSeconds: number;
}

/**
 * CORS for an allow-list of origins: an allowed origin is echoed with
 * credentials allowed and the headers it may read; any other origin gets no
 * Access-Control-* header at all. Every OPTIONS request is answered here
 * with 204 and no body; a preflight from an allowed origin also says how
 * long its answer holds, so a client does not pay a preflight per call.
 */
export function cors(options: CorsOptions): Middleware {
  const allowed = new Set(options.allowedOrigins);
  const maxAge = String(options.maxAgeSeconds);
  // Not async: passing next() through saves a promise per request.
  return (ctx, next) => {
    // The answer depends on Origin, whatever it is: caches must key on it. The error
    // envelope keeps Vary when it answers, so 4xx and 5xx carry it as well.
    ctx.vary('Origin');
    const origin = ctx.get('Origin');
    const isAllowed = origin !== '' && allowed.has(origin);
    if (isAllowed) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Credentials', 'true');
    }
    if (ctx.method === 'OPTIONS') {
      if (isAllowed) {
        ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
        ctx.set('Access-Control-Allow-Methods', ALLOW_METHODS);
        ctx.set('Access-Control-Max-Age', maxAge);
      }
      ctx.status = 204;
      ctx.body = null;
      return Promise.resolve();
    }
    if (isAllowed) ctx.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    return next();
  };
}
