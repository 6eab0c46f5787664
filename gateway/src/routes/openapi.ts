import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@evalplan/common/errors';
import type { Context } from 'koa';
import Router from '@koa/router';
import { openApiDocument } from '../openapi/document';

/** A file served as is, with an ETag so a client revalidates instead of downloading it again. */
interface Served {
  type: string;
  body: string | Buffer;
  etag: string;
}

function served(type: string, body: string | Buffer): Served {
  return { type, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** Answers `file`, or 304 when the client's copy is current. */
function answer(ctx: Context, file: Served, cacheControl: string): void {
  ctx.set('Cache-Control', cacheControl);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.etag = file.etag;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = file.type;
  ctx.body = file.body;
}

/** The page: Swagger UI (swagger-ui-dist), served by the gateway itself, no CDN. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>evalplan API reference</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

/** A file of its own rather than inline, so the page's Content-Security-Policy needs no 'unsafe-inline' script. */
const INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // No call to the public validator service: deployments may have no internet.
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  withCredentials: true,
});
`;

/** Nothing from elsewhere; Swagger UI sets inline styles and draws images from data: URIs. */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The swagger-ui-dist files the page uses, read on first request (the bundle is 1.7 MB). A Map: a path segment such as "constructor" must not find an inherited key. */
const ASSET_FILES = new Map<string, string>([
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['swagger-ui.css', 'text/css; charset=utf-8'],
]);

/** Assets change only with the package version; a day's reuse, then revalidation by ETag. */
const ASSET_CACHE = 'public, max-age=86400';

/**
 * GET /openapi.json (the gateway's OpenAPI 3.1 document, gateway/src/openapi/document.ts),
 * GET /docs (a browsable reference page) and the page's files under /docs/.
 */
export function openApiRoutes(): Router {
  const router = new Router();
  let documentFile: Served | undefined;
  const page = served('text/html; charset=utf-8', PAGE);
  const assets = new Map<string, Served>([['init.js', served('text/javascript; charset=utf-8', INIT)]]);
  const assetDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

  const assetOf = async (name: string): Promise<Served | undefined> => {
    let file = assets.get(name);
    const type = ASSET_FILES.get(name);
    if (!file && type !== undefined) {
      file = served(type, await readFile(path.join(assetDir, name)));
      assets.set(name, file);
    }
    return file;
  };

  router.get('/openapi.json', (ctx) => {
    // Revalidated on each use: the document changes with every deployment.
    documentFile ??= served('application/json; charset=utf-8', JSON.stringify(openApiDocument()));
    answer(ctx, documentFile, 'no-cache');
  });
  router.get('/docs', (ctx) => {
    ctx.set('Content-Security-Policy', PAGE_POLICY);
    answer(ctx, page, 'no-cache');
  });
  router.get('/docs/:asset', async (ctx) => {
    const file = await assetOf(String(ctx.params.asset));
    if (!file) throw new AppError('NOT_FOUND', 'There is nothing at this address.');
    answer(ctx, file, ASSET_CACHE);
  });
  return router;
}
