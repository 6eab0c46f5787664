import http from 'node:http';
import { openApiDocument } from '@evalplan/gateway';
import { call, expectEnvelope, startTestStack, type TestStack } from './helpers/stack';

let stack: TestStack;

/** A conditional GET as a browser's cache sends it (fetch would add Cache-Control: no-cache, which forbids a 304). */
function revalidate(path: string, etag: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${stack.url}${path}`, { headers: { 'If-None-Match': etag } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('GET /openapi.json', () => {
  it('serves the document the gateway is built with, revalidated by its ETag', async () => {
    const res = await call(`${stack.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.json).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expect(res.json.openapi).toBe('3.1.0');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    expect(await revalidate('/openapi.json', etag)).toEqual({ status: 304, body: '' });
  });
});

describe('GET /docs', () => {
  it('is a page that loads its script and style from this gateway, under a strict Content-Security-Policy', async () => {
    const page = await call(`${stack.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.sort()).toEqual(['/docs/init.js', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css']);
    for (const asset of assets) {
      const res = await fetch(`${stack.url}${asset}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await res.text()).length).toBeGreaterThan(100);
      expect(await revalidate(asset, res.headers.get('etag')!)).toEqual({ status: 304, body: '' });
    }
    expect((await call(`${stack.url}/docs/init.js`)).text).toContain("url: '/openapi.json'");
  });

  it('answers 404 NOT_FOUND for a file it does not serve', async () => {
    expectEnvelope(await call(`${stack.url}/docs/index.html`), 404, 'NOT_FOUND');
    expectEnvelope(await call(`${stack.url}/docs/..%2Fpackage.json`), 404, 'NOT_FOUND');
    // Names every JavaScript object inherits are no files either (a lookup in a plain object found them: 500).
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expectEnvelope(await call(`${stack.url}/docs/${name}`), 404, 'NOT_FOUND');
    }
  });
});
