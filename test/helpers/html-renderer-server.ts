import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONVERT_PATH, formOf, printHtmlToPdf } from '@evalplan/stack/dist/dev-renderer';

export { CONVERT_PATH };

export type RendererMode = 'render' | 'fail' | 'not-pdf' | 'hang';

export interface ReceivedRender {
  /** Form field names with their file names, in order. */
  parts: Array<{ field: string; fileName: string | undefined }>;
  html: string;
}

/**
 * A Gotenberg-compatible HTML renderer for tests: POST the chromium HTML
 * route with a multipart "files" part named index.html, get the page
 * printed to PDF by Debian's headless chromium, as `npm run renderer` does
 * (stack/src/dev-renderer.ts, network cut off for the page). This one also
 * records what it received, and `mode` makes it fail in the ways a real
 * renderer can.
 */
export class HtmlRendererServer {
  mode: RendererMode = 'render';
  readonly received: ReceivedRender[] = [];
  /** Renders whose caller closed the connection before they were answered. */
  abandoned = 0;
  private server: http.Server | undefined;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${CONVERT_PATH}`;
  }

  async start(port = 0): Promise<void> {
    this.server = http.createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    if (request.method !== 'POST' || request.url !== CONVERT_PATH) {
      response.writeHead(404).end();
      return;
    }
    const form = await formOf(request);
    const parts = [...form.entries()].map(([field, value]) => ({ field, fileName: typeof value === 'string' ? undefined : value.name }));
    const index = form.get('files');
    const html = index && typeof index !== 'string' ? await index.text() : '';
    this.received.push({ parts, html });
    response.once('close', () => {
      if (!response.writableFinished) this.abandoned += 1;
    });
    if (this.mode === 'hang') return; // never answers: the client's timeout (or its caller leaving) must end it
    if (this.mode === 'fail') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Chromium crashed');
      return;
    }
    if (this.mode === 'not-pdf') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>surprise</html>');
      return;
    }
    const pdf = await printHtmlToPdf(html);
    response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length }).end(pdf);
  }
}
