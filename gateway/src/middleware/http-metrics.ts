import { AttributeCache, type BoundHistogram, DURATION_BUCKETS_S, fastHistogram, statusClassOf } from '@evalplan/common/telemetry';
import type { Attributes } from '@opentelemetry/api';
import type { Context } from 'koa';
import { routeTemplateOf, UNMATCHED_ROUTE } from './routing';
import type { ResponseObserver } from './response-observers';

/** The semantic conventions' known methods; any other is `_OTHER`, so a client cannot mint label values. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);

/** `http.server.request.duration`'s attributes for one answered request. */
export function requestAttributes(method: string, route: string | undefined, status: number): Attributes {
  return {
    'http.request.method': KNOWN_METHODS.has(method) ? method : '_OTHER',
    'http.route': route ?? UNMATCHED_ROUTE,
    'http.response.status_code': status,
    // The "status class" (2xx, 4xx, ...): a function of the code, so it adds no series.
    'http.response.status_class': statusClassOf(status),
  };
}

/**
 * `http.server.request.duration` (seconds) per route template, method and
 * status. The outermost middleware tells it how each request ended (see
 * requestId), so it sees the status the client got and adds no middleware
 * layer of its own; it measures until the response is decided (a streamed body, a PDF
 * download, is timed to its start, not its end: a listener per response would
 * cost every request). The attribute sets are made once per route, method and
 * status and bound once: a request costs two clock reads, three lookups and
 * a few additions (docs/benchmarks.md, "Metrics cost"). Routes are the router's
 * templates, a bounded set; the cache's bound is a guard all the same.
 */
export function httpMetrics(): ResponseObserver {
  // A fast histogram (common/src/telemetry/fast-histogram.ts): the SDK's hashed its attributes on every request.
  const duration = fastHistogram('http.server.request.duration', {
    description: 'Duration of HTTP requests the gateway answered.',
    unit: 's',
    boundaries: DURATION_BUCKETS_S,
  });
  // route → "METHOD status" → its bound series. Both keys are bounded (router templates; known methods × statuses).
  const byRoute = new AttributeCache<AttributeCache<BoundHistogram>>(
    (route) => {
      const label = route === '' ? undefined : route;
      return new AttributeCache(
        (key) => {
          const space = key.indexOf(' ');
          return duration.bind(requestAttributes(key.slice(0, space), label, Number(key.slice(space + 1))));
        },
        1_000,
        '_OTHER 0',
      );
    },
    500,
    '(other)',
  );
  return (ctx: Context, startedAt: number, status: number): void => {
    const method = KNOWN_METHODS.has(ctx.method) ? ctx.method : '_OTHER';
    byRoute
      .get(routeTemplateOf(ctx) ?? '')
      .get(`${method} ${status}`)
      .record((performance.now() - startedAt) / 1000);
  };
}
