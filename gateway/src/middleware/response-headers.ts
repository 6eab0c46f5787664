import type { ServerResponse } from 'node:http';

/**
 * Caching and content sniffing, decided once for every answer (ASVS 14.4.1,
 * 14.4.4, 8.2.1). Almost everything the gateway says is somebody's: a
 * session, a project, an account, a token, an error about one of them. So
 * every answer starts as never stored and never sniffed, and the few that
 * may be reused say so themselves, by overriding Cache-Control: the catalog
 * (`public, max-age=300`), the API reference (`no-cache`, its page's assets
 * a day), a stored PDF (`private`, a day) and the current-PDF downloads
 * (`private, no-cache`). Probes and ping stay `no-store`: an answer a cache
 * kept would tell a load balancer or a person about a gateway that may be
 * gone. Whatever a route set, an error envelope is `no-store` again
 * (errors.ts).
 */
export const NO_STORE = 'no-store';

/** Stored PDFs (GET /files/pdfs/*): the one browser that fetched one may keep it a day; no shared cache may keep it at all. */
export const STORED_PDF_CACHE = 'private, max-age=86400';

/**
 * Sets the defaults above on a response, once per request, from the
 * outermost middleware (request-id.ts); the raw answers to requests Node's
 * parser refused write the same two headers themselves (client-errors.ts).
 * Straight on the Node response, without Koa's setters: about 0.3 µs.
 */
export function setDefaultResponseHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', NO_STORE);
}
