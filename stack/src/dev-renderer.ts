/**
 * A Gotenberg-compatible HTML renderer for development and tests, printing
 * with the machine's own Chromium: `npm run renderer` serves Gotenberg's
 * POST /forms/chromium/convert/html on 127.0.0.1:3000 for people who run
 * `npm start` without Docker (compose.renderer.yml runs the real Gotenberg).
 * The page gets no network at all (every host name resolves to nothing, as a
 * hardened Gotenberg would behave; scripts stay on, since headless Chromium
 * prints nothing without them, and plan templates may not hold any). It listens on loopback and refuses what a web page in the
 * developer's browser could send it (a cross-site form post): only programs
 * call a renderer. Bodies are capped and pages printed one at a time. Not for
 * production: one Chromium process per page, and no sandbox when run as root
 * (Chromium refuses to start sandboxed as root).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const CONVERT_PATH = '/forms/chromium/convert/html';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Gotenberg's own default limit on a page's rendering time. */
const RENDER_TIMEOUT_MS = 30_000;
/** Far above a plan template (pdf-service caps those far lower), far below what could fill a disk. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const runsAsRoot = process.getuid?.() === 0;

/** Prints one HTML page to PDF with headless Chromium, cut off from every network. */
export async function printHtmlToPdf(html: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'evalplan-renderer-'));
  try {
    const page = path.join(dir, 'index.html');
    const output = path.join(dir, 'out.pdf');
    await writeFile(page, html);
    await run(
      CHROMIUM,
      [
        '--headless',
        ...(runsAsRoot ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--no-pdf-header-footer',
        '--host-resolver-rules=MAP * ~NOTFOUND',
        `--user-data-dir=${path.join(dir, 'profile')}`,
        `--print-to-pdf=${output}`,
        `file://${page}`,
      ],
      { timeout: RENDER_TIMEOUT_MS },
    );
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A multipart request's form, read by the platform's own parser. */
export function formOf(request: http.IncomingMessage): Promise<FormData> {
  return new Request('http://renderer.local', {
    method: 'POST',
    headers: request.headers as Record<string, string>,
    body: request as unknown as ReadableStream,
    duplex: 'half',
  } as RequestInit).formData();
}

/** The page a Gotenberg form carries: the `files` part named index.html. */
export function indexHtmlOf(form: FormData): Promise<string> | undefined {
  for (const value of form.getAll('files')) {
    if (typeof value !== 'string' && value.name === 'index.html') return value.text();
  }
  return undefined;
}

/** Whether a browser sent this on behalf of a web page (fetch or a form post from another site), not a program. */
const fromAWebPage = (request: http.IncomingMessage): boolean =>
  request.headers.origin !== undefined || (request.headers['sec-fetch-site'] ?? 'none') !== 'none';

/**
 * The endpoint itself: 404 for anything but the convert route, 403 for a
 * request a web page made, 413 past the body cap, 400 without an index.html.
 */
export function createDevRenderer(): http.Server {
  // One page at a time: each is a whole Chromium.
  let printing: Promise<unknown> = Promise.resolve();
  return http.createServer((request, response) => {
    const answer = async (): Promise<void> => {
      if (request.method !== 'POST' || request.url !== CONVERT_PATH) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      if (fromAWebPage(request)) {
        response.writeHead(403, { 'content-type': 'text/plain' }).end('Only programs may call this renderer, not web pages');
        return;
      }
      if (Number(request.headers['content-length'] ?? MAX_BODY_BYTES + 1) > MAX_BODY_BYTES) {
        response
          .writeHead(413, { 'content-type': 'text/plain', connection: 'close' })
          .end('The form must be at most 8 MiB, with a Content-Length');
        return;
      }
      const html = await indexHtmlOf(await formOf(request));
      if (html === undefined) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('A files part named index.html is required');
        return;
      }
      const printed = printing.then(() => printHtmlToPdf(html));
      printing = printed.catch(() => undefined);
      const pdf = await printed;
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length }).end(pdf);
    };
    answer().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`Chromium could not print the page: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
}

if (require.main === module) {
  const port = Number(process.env.RENDERER_PORT ?? 3000);
  const host = process.env.RENDERER_HOST ?? '127.0.0.1';
  const server = createDevRenderer();
  server.listen(port, host, () => {
    process.stdout.write(`HTML renderer on http://${host}:${port}${CONVERT_PATH} (Chromium at ${CHROMIUM})\n`);
  });
  const stop = (): void => {
    server.close();
    server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
