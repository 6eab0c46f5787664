import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONVERT_PATH, createDevRenderer } from './dev-renderer';

/** `npm run renderer` as pdf-service and a developer's browser reach it (it prints with the machine's chromium). */
let server: Server;
let url: string;

beforeAll(async () => {
  server = createDevRenderer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${CONVERT_PATH}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function form(html = '<h1>Plan</h1>', fileName = 'index.html'): FormData {
  const body = new FormData();
  body.append('files', new Blob([html], { type: 'text/html' }), fileName);
  return body;
}

it('prints the index.html of a Gotenberg form to PDF', async () => {
  const res = await fetch(url, { method: 'POST', body: form() });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(
    Buffer.from(await res.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

it('refuses what a web page in the developer’s browser could send it', async () => {
  for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }] as Array<Record<string, string>>) {
    expect((await fetch(url, { method: 'POST', body: form(), headers })).status).toBe(403);
  }
});

it('answers 400 without an index.html, 413 past 8 MiB and 404 elsewhere', async () => {
  expect((await fetch(url, { method: 'POST', body: form('<p>x</p>', 'page.html') })).status).toBe(400);
  expect((await fetch(url, { method: 'POST', body: form('x'.repeat(9 * 1024 * 1024)) })).status).toBe(413);
  expect((await fetch(url.replace(CONVERT_PATH, '/'), { method: 'GET' })).status).toBe(404);
});
