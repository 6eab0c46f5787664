import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { WEB_CLIENT_STEPS } from './fixtures/step-data';
import { postJson } from './helpers/auth';
import { call, startTestStack, type TestStack } from './helpers/stack';
import { redisDatabase, testEnv } from './helpers/env';

/**
 * What a real browser makes of the gateway. CORS as a browser applies it: Debian's headless chromium loads a page
 * from another origin, which calls the gateway with fetch and writes what its
 * script could read into the page. Without Access-Control-Expose-Headers a
 * script reads null for X-Request-Id, Retry-After and Content-Disposition.
 * (Access-Control-Max-Age is checked on the wire in gateway-http.test.ts: a
 * browser keeps a preflight for 5 s without it, too short to see here.)
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = promisify(execFile);

let stack: TestStack;
let page: http.Server;
let origin: string;
let profile: string;

/** The page's script: each step's result goes into <pre id="out"> as JSON once all are done. */
function pageHtml(api: string, sessionId: string, projectId: string, accessToken: string): string {
  return `<!doctype html><html><body><pre id="out">pending</pre><script>
(async () => {
  const api = ${JSON.stringify(api)};
  const out = {};
  try {
    const ping = await fetch(api + '/ping');
    out.requestId = ping.headers.get('X-Request-Id');
    const pdf = await fetch(api + '/sessions/${sessionId}/download-pdf');
    out.pdfStatus = pdf.status;
    out.contentDisposition = pdf.headers.get('Content-Disposition');
    const patch = () => fetch(api + '/projects/${projectId}', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ${accessToken}' },
      body: JSON.stringify({ name: 'Renamed from a browser' }),
    });
    out.patchStatuses = [(await patch()).status, (await patch()).status];
    let limited;
    for (let i = 0; i < 4 && !limited; i += 1) {
      const login = await fetch(api + '/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
      });
      if (login.status === 429) limited = login;
    }
    out.retryAfter = limited ? limited.headers.get('Retry-After') : 'never limited';
  } catch (error) {
    out.error = String(error);
  }
  document.getElementById('out').textContent = JSON.stringify(out);
})();
</script></body></html>`;
}

/** The page's DOM once its scripts have run, as headless chromium dumps it. */
async function domAfterScripts(url: string): Promise<string> {
  const { stdout } = await run(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      '--virtual-time-budget=15000',
      '--dump-dom',
      url,
    ],
    { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

beforeAll(async () => {
  page = http.createServer();
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  stack = await startTestStack(
    {
      CORS_ALLOWED_ORIGINS: origin,
      AUTH_RATE_LIMIT_PER_IP: '2',
      // Counters of its own: other stacks' registrations from 127.0.0.1 count under the same key (test/helpers/env.ts).
      ...(testEnv.mode === 'services' ? { REDIS_URL: redisDatabase(10) } : {}),
    },
    { captureLogs: true },
  );
  profile = await mkdtemp(path.join(os.tmpdir(), 'evalplan-chromium-'));
});

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => page?.close(resolve));
  if (profile) await rm(profile, { recursive: true, force: true });
});

it('lets a page on an allowed origin read the request id, the PDF file name and Retry-After', async () => {
  const api = `${stack.url}/api/v1`;
  const sessionId = (await call(`${api}/sessions/create`, { method: 'POST' })).json.sessionId as string;
  for (const step of ['1', '2', '3', '4']) {
    const saved = await call(`${api}/sessions/${sessionId}/wizard/step/${step}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stepData: WEB_CLIENT_STEPS[step as keyof typeof WEB_CLIENT_STEPS] }),
    });
    expect(saved.status).toBe(200);
  }
  expect((await postJson(`${api}/sessions/${sessionId}/generate-pdf`, {})).status).toBe(200);
  const registered = await postJson(`${api}/auth/register`, { email: `cors-${Date.now()}@example.com`, password: 'correct horse battery' });
  const accessToken = registered.json.access_token as string;
  const projectId = (await postJson(`${api}/projects`, { name: 'Browser project' }, { Authorization: `Bearer ${accessToken}` })).json
    .projectId as string;
  expect(projectId).toBeDefined();

  const html = pageHtml(api, sessionId, projectId, accessToken);
  page.on('request', (_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(html));

  const stdout = await domAfterScripts(`${origin}/`);
  const result = JSON.parse(/<pre id="out">(.*?)<\/pre>/s.exec(stdout)?.[1] ?? 'null') as Record<string, unknown>;
  expect(result).toEqual({
    requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    pdfStatus: 200,
    contentDisposition: expect.stringMatching(/^attachment; filename=".+\.pdf"/),
    patchStatuses: [200, 200],
    retryAfter: expect.stringMatching(/^\d+$/),
  });
});

it('shows the API reference at /docs, drawn by its script under the page’s Content-Security-Policy', async () => {
  const dom = await domAfterScripts(`${stack.url}/docs`);
  // Swagger UI draws one block per operation from /openapi.json; without its script (or with the CSP refusing it) there are none.
  for (const path of ['/api/v1/sessions/create', '/api/v1/projects/{projectId}/generate-pdf', '/api/v1/auth/login']) {
    expect(dom).toContain(`data-path="${path}"`);
  }
});
