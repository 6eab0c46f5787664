import { type Logger, writePreformattedLine } from '@evalplan/common/logging';
import type { Context } from 'koa';
import { routeTemplateOf, UNMATCHED_ROUTE } from './routing';
import type { ResponseObserver } from './response-observers';

/** Load balancers and kubelets call these every few seconds: a line each would drown the requests people made. */
const PROBE_PATHS = new Set(['/health', '/ready']);

export interface AccessLogOptions {
  /** Whether /health and /ready get lines too. */
  includeProbes: boolean;
}

/** The body's length as sent: Koa sets Content-Length once it has serialised a JSON body. */
function bytesSent(ctx: Context): number | null {
  const length = Number(ctx.res.getHeader('Content-Length'));
  return Number.isFinite(length) ? length : null;
}

/**
 * One info line per request. The outermost middleware tells it when the
 * response is decided (see requestId); the line is written when the
 * connection is done with it, so `duration_ms` covers sending the body and
 * `bytes` is what Koa sent (null for a stream of unknown length). A client
 * that left first gives `aborted: true`. The route is named by its template,
 * never the raw path or query, and no header, cookie or body is written:
 * nothing a token could hide in. The trace id joins the line whenever the
 * request is traced. The line is formatted here, in the logger's format, not
 * by pino (see writePreformattedLine: pino's path cost ~30 µs a request).
 */
export function accessLog(logger: Logger, options: AccessLogOptions): ResponseObserver {
  return (ctx: Context, startedAt: number, status: number) => {
    if (!options.includeProbes && PROBE_PATHS.has(ctx.path)) return;
    // Quoted as JSON although a method is an HTTP token and a route one of the router's templates (neither holds a quote).
    const method = JSON.stringify(ctx.method);
    const route = JSON.stringify(routeTemplateOf(ctx) ?? UNMATCHED_ROUTE);
    const requestId = JSON.stringify(String(ctx.state.requestId));
    const write = (): void => {
      // Koa's own answer for an error that escaped everything is the one the client got.
      const sent = ctx.res.headersSent ? ctx.res.statusCode : status;
      const durationMs = Math.round((performance.now() - startedAt) * 1000) / 1000;
      const aborted = ctx.res.writableFinished ? '' : ',"aborted":true';
      try {
        writePreformattedLine(
          logger,
          'info',
          `"method":${method},"route":${route},"status":${sent},"duration_ms":${durationMs},"bytes":${bytesSent(ctx)},"request_id":${requestId}${aborted}`,
          'request',
        );
      } catch {
        // A log line must never take the process down; a stream only throws when it is broken.
      }
    };
    // A client that left before the handler finished: its 'close' has been emitted already.
    if (ctx.res.destroyed || ctx.res.writableFinished) write();
    else ctx.res.once('close', write);
  };
}
