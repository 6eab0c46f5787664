import { createServer, type Server } from 'node:net';

import { AppError } from '@evalplan/common/errors';
import { createLogger } from '@evalplan/common/logging';
import { HtmlRendererServer } from '../../../test/helpers/html-renderer-server';
import { pdfText } from '../../../test/helpers/pdf-text';
import { HtmlRenderer } from './html-renderer';

const logger = createLogger({ name: 'test', level: 'silent' });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('the HTML renderer client against a Gotenberg-compatible chromium server', () => {
  const server = new HtmlRendererServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  beforeEach(() => {
    server.mode = 'render';
  });

  it('posts one "files" part named index.html and returns the printed PDF', async () => {
    const renderer = new HtmlRenderer(server.url, 60_000, logger);
    const document = '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><h1>Plan Ωμέγα Проверка</h1></body></html>';
    const pdf = await renderer.render(document);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain('Plan Ωμέγα Проверка');
    expect(server.received.at(-1)).toEqual({ parts: [{ field: 'files', fileName: 'index.html' }], html: document });
  }, 60_000);

  it('a renderer that fails is PDF_GENERATION_FAILED; one that answers without a PDF too', async () => {
    const renderer = new HtmlRenderer(server.url, 10_000, logger);
    server.mode = 'fail';
    expect(await codeOf(renderer.render('<p>x</p>'))).toBe('PDF_GENERATION_FAILED');
    server.mode = 'not-pdf';
    expect(await codeOf(renderer.render('<p>x</p>'))).toBe('PDF_GENERATION_FAILED');
  });

  it('a renderer that does not answer in time is PDF_RENDERER_UNAVAILABLE', async () => {
    server.mode = 'hang';
    const renderer = new HtmlRenderer(server.url, 300, logger);
    expect(await codeOf(renderer.render('<p>x</p>'))).toBe('PDF_RENDERER_UNAVAILABLE');
  });

  it('no renderer listening is PDF_RENDERER_UNAVAILABLE', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const renderer = new HtmlRenderer(`http://127.0.0.1:${port}/forms/chromium/convert/html`, 5_000, logger);
    expect(await codeOf(renderer.render('<p>x</p>'))).toBe('PDF_RENDERER_UNAVAILABLE');
  });
});
