import type Router from '@koa/router';
import compose from 'koa-compose';
import type { Context, Middleware } from 'koa';
import { FILES_ROUTE, isFilePath } from '../contracts/pdf-urls';

/** A route with :params, matched segment by segment. */
interface ParamRoute {
  method: string;
  /** As registered (/api/v1/sessions/:sessionId): what logs and metrics name the route by. */
  template: string;
  /** Literal segments as strings, parameters as their names in braces' place. */
  segments: Array<string | { param: string }>;
  handler: Middleware;
}

interface RouteState {
  route?: string;
}

/** The label of a request no route answered (404s, CORS preflights) in logs and metrics: never its raw path, which is unbounded and may hold anything. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * What @koa/router documents on a request it matched (its README's
 * ctx.routerPath and ctx.routerName): the layer's path, a RegExp for a route
 * registered as one, and its name when it was registered with one.
 */
interface RouterMatch {
  routerPath?: string | RegExp;
  routerName?: string;
}

/**
 * The template of the route that answered (/api/v1/projects/:projectId), for
 * access logs and metrics: never the raw path, which would carry ids and give
 * a metric a label per project. A route matched by a regular expression is
 * named by the name it was registered with (/files/pdfs/*). Undefined when
 * no route matched (404, an OPTIONS preflight answered by CORS).
 */
export function routeTemplateOf(ctx: Context): string | undefined {
  const dispatched = (ctx.state as RouteState).route;
  if (dispatched !== undefined) return dispatched;
  // @koa/router names the layer it matched when a request went through it.
  const { routerPath: matched, routerName: name } = ctx as Context & RouterMatch;
  return typeof matched === 'string' ? matched : (name ?? matched?.toString());
}

/**
 * The request's path for a log line or an activity row: as sent, except
 * where the path is a secret. A stored PDF's path is its capability URL
 * (FILES_ROUTE instead, whether or not a route matched it); a sign-in's id
 * ends that sign-in (its route's template instead).
 */
export function loggablePath(ctx: Context): string {
  if (isFilePath(ctx.path)) return FILES_ROUTE;
  const signInId = (ctx.params as Record<string, string | undefined> | undefined)?.signInId;
  if (signInId === undefined) return ctx.path;
  return routeTemplateOf(ctx) ?? ctx.path.replace(signInId, ':signInId');
}

/** A path parameter as the router gives it: percent-decoded, or as sent when that fails. */
function decode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function compile(path: string): ParamRoute['segments'] | undefined {
  const segments: ParamRoute['segments'] = [];
  for (const part of path.split('/').slice(1)) {
    if (/^:[A-Za-z_]\w*$/.test(part)) segments.push({ param: part.slice(1) });
    else if (/^[\w.-]*$/.test(part)) segments.push(part);
    else return undefined; // optional, repeated or regexp parameters: left to the router
  }
  return segments;
}

function matchParams(route: ParamRoute, parts: string[]): Record<string, string> | undefined {
  if (parts.length !== route.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i += 1) {
    const segment = route.segments[i]!;
    const part = parts[i]!;
    if (typeof segment === 'string') {
      if (segment !== part) return undefined;
    } else {
      if (part === '') return undefined;
      params[segment.param] = decode(part);
    }
  }
  return params;
}

/**
 * Routes dispatched through @koa/router, with two indexes in front, built
 * from what its typings declare public (the router's `stack` of layers, each
 * with its `path`, `methods`, `paramNames` and middleware `stack`): an
 * exact-match map for routes without parameters (probes, ping, auth, session
 * creation, the project list, ...) and a segment matcher for routes with
 * plain :params (sessions and projects by id). @koa/router matches every
 * layer and composes a chain on each request, a fifth of a trivial route's
 * cost (docs/benchmarks.md); the indexes answer the same routes with the
 * same handlers, in registration order. Anything they do not hold exactly
 * (regexp routes, trailing slashes, other casing) goes through the router.
 */
export function routeDispatcher(router: Router): Middleware {
  const routed = router.routes() as unknown as Middleware;
  const exact = new Map<string, { template: string; handler: Middleware }>();
  const withParams: ParamRoute[] = [];
  // Router-level middleware would have to run before routes: keep it all on the router then.
  const hasSharedMiddleware = router.stack.some((layer) => layer.methods.length === 0);
  if (!hasSharedMiddleware) {
    const seen = new Set<string>();
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string') continue;
      const handler = compose(layer.stack as unknown as Middleware[]);
      for (const method of layer.methods) {
        const key = `${method} ${layer.path}`;
        // Two routes on one method and path run as a chain in the router: leave those to it.
        const duplicate = seen.has(key);
        seen.add(key);
        if (layer.paramNames.length === 0) {
          exact.set(key, { template: layer.path, handler: duplicate ? routed : handler });
          continue;
        }
        const segments = compile(layer.path);
        if (segments) withParams.push({ method, template: layer.path, segments, handler: duplicate ? routed : handler });
      }
    }
  }
  return (ctx: Context, next) => {
    const route = exact.get(`${ctx.method} ${ctx.path}`);
    if (route !== undefined) {
      ctx.params = {};
      (ctx.state as RouteState).route = route.template;
      return route.handler(ctx, next);
    }
    if (withParams.length > 0) {
      const parts = ctx.path.split('/').slice(1);
      for (const route of withParams) {
        if (route.method !== ctx.method) continue;
        const params = matchParams(route, parts);
        if (params) {
          ctx.params = params;
          (ctx.state as RouteState).route = route.template;
          return route.handler(ctx, next);
        }
      }
    }
    return routed(ctx, next);
  };
}
