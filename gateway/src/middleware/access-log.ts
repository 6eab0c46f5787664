import { type Logger } from '@evalplan/common/logging';
import type { Context } from 'koa';
import { routeTemplateOf, UNMATCHED_ROUTE } from '../routing';
import type { ResponseObserver } from './request-id';

/** Load balancers and kubelets call these every few seconds: a line each would drown the requests people made. */
const PROBE_PATHS = new Set(['/health', '/ready']);

export interface AccessLogOptions {
  /** Whether /health and /ready get lines too. */
  includeProbes: boolean;
}

/** The body's length as sent: Koa sets Content-Length once it has serialised a JSON body. */
function bytesSent(ctx: Context): number | null {
  const length = ctx.res.getHeader('Content-Length');
  return length === undefined ? null : Number(length);
}

/**
 * One info line per request. The outermost middleware tells it when the
 * response is decided (see requestId); the line is written when the
 * connection is done with it, so `duration_ms` covers sending the body and
 * `bytes` is what Koa sent (null for a stream of unknown length). A client
 * that left first gives `aborted: true`. The route is named by its template,
 * never the raw path or query, and no header, cookie or body is written:
 * nothing a token could hide in. The trace id joins the line through the
 * logger's mixin whenever the request is traced.
 */
export function accessLog(logger: Logger, options: AccessLogOptions): ResponseObserver {
  return (ctx: Context, startedAt: number, status: number) => {
    if (!options.includeProbes && PROBE_PATHS.has(ctx.path)) return;
    const method = ctx.method;
    const route = routeTemplateOf(ctx) ?? UNMATCHED_ROUTE;
    const requestId = ctx.state.requestId as string;
    ctx.res.once('close', () => {
      try {
        logger.info(
          {
            method,
            route,
            // Koa's own answer for an error that escaped everything is the one the client got.
            status: ctx.res.headersSent ? ctx.res.statusCode : status,
            duration_ms: Math.round((performance.now() - startedAt) * 1000) / 1000,
            bytes: bytesSent(ctx),
            request_id: requestId,
            ...(ctx.res.writableFinished ? {} : { aborted: true }),
          },
          'request',
        );
      } catch {
        // A log line must never take the process down; pino only throws on a broken destination.
      }
    });
  };
}
