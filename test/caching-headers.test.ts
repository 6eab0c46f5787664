import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { connect } from 'node:net';
import { activityRowsOf } from './helpers/activity-rows';
import { bearer, JSON_HEADERS, postJson, signUp } from './helpers/auth';
import { expectDocumentedRawAnswers } from './helpers/openapi-hooks';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { completeProject, completeSession, localPath } from './helpers/wizard-flows';
import { WEB_CLIENT_STEPS } from './fixtures/step-data';

/**
 * Issue 36 (Medium 7, Low 10): no shared cache keeps anything personal, no
 * browser sniffs a JSON answer into something else, and a stored PDF's path
 * (a capability: whoever has it downloads the plan) is written neither into
 * activity rows nor into logs.
 */
let stack: TestStack;
let api: string;

beforeAll(async () => {
  stack = await startTestStack({}, { captureLogs: true });
  api = `${stack.url}/api/v1`;
});
afterAll(() => stack?.stop());

/** Headers of the answers the way a reader checks them. */
interface Answer {
  status: number;
  headers: Headers;
}

/** The answer never goes into a cache and is never sniffed: what every personal answer and every error must say. */
function expectPersonal(what: string, res: Answer): void {
  expect({ what, nosniff: res.headers.get('x-content-type-options'), cache: res.headers.get('cache-control') }).toEqual({
    what,
    nosniff: 'nosniff',
    cache: 'no-store',
  });
}

/** The max-age of a Cache-Control value in seconds (undefined without one), and whether a shared cache may keep the answer. */
function cachingOf(cacheControl: string | null): { directives: string[]; maxAge: number | undefined } {
  const directives = (cacheControl ?? '').split(',').map((part) => part.trim().toLowerCase());
  const maxAge = directives.find((directive) => directive.startsWith('max-age='));
  return { directives, maxAge: maxAge === undefined ? undefined : Number(maxAge.slice('max-age='.length)) };
}

/**
 * A GET with only the headers given (fetch adds Cache-Control: no-cache to a
 * conditional request, which forbids the 304 a browser's cache would get).
 */
function rawGet(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: new Headers(response.headers as Record<string, string>) }),
        );
      })
      .on('error', reject);
  });
}

/** Bytes Node's HTTP parser refuses, sent on a socket of their own: the raw answer the gateway writes. */
function sendUnparsable(bytes: string): Promise<string> {
  const { hostname, port } = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      expectDocumentedRawAnswers(answer, bytes);
      resolve(answer);
    });
    socket.write(bytes);
  });
}

describe('every JSON answer is nosniff, and personal ones no-store', () => {
  it('sessions, wizard steps, recommendations, generate-pdf and client events', async () => {
    const created = await call(`${api}/sessions/create`, { method: 'POST' });
    expect(created.status).toBe(201);
    expectPersonal('session created', created);
    const sessionId = created.json.sessionId as string;
    const step = await call(`${api}/sessions/${sessionId}/wizard/step/1`, {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: JSON.stringify({ stepData: WEB_CLIENT_STEPS['1'] }),
    });
    expect(step.status).toBe(200);
    expectPersonal('step saved', step);
    const read = await call(`${api}/sessions/${sessionId}`);
    expect(read.status).toBe(200);
    expectPersonal('session read', read);
    const recommended = await postJson(`${api}/sessions/${sessionId}/wizard/recommendations`, { forStep: 2 });
    expect(recommended.status).toBe(200);
    expectPersonal('recommendations', recommended);

    const complete = await completeSession(api);
    const generated = await postJson(`${api}/sessions/${complete}/generate-pdf`, {});
    expect(generated.status).toBe(200);
    expectPersonal('generate-pdf', generated);

    const event = await postJson(`${api}/activity/events`, { type: 'page_view', sessionId });
    expect(event.status).toBe(202);
    expectPersonal('client event', event);
  });

  it('accounts and projects', async () => {
    const register = await postJson(`${api}/auth/register`, { email: `${randomUUID()}@example.org`, password: 'correct horse battery' });
    expect(register.status).toBe(201);
    expectPersonal('register', register);
    const token = register.json.access_token as string;
    const me = await call(`${api}/auth/me`, { headers: bearer(token) });
    expect(me.status).toBe(200);
    expectPersonal('me', me);
    const project = await postJson(`${api}/projects`, { name: 'Quest log study' }, bearer(token));
    expect(project.status).toBe(201);
    expectPersonal('project created', project);
    const projectId = project.json.projectId as string;
    for (const [what, url] of [
      ['project read', `${api}/projects/${projectId}`],
      ['project list', `${api}/projects`],
    ]) {
      const res = await call(url!, { headers: bearer(token) });
      expect(res.status).toBe(200);
      expectPersonal(what!, res);
    }
  });

  it('errors, from the routes, the envelope and the body reader', async () => {
    const answers: Array<[string, JsonResponse, number]> = [
      ['400 from a route', await call(`${api}/error`), 400],
      ['401', await call(`${api}/auth/me`), 401],
      ['404 unknown route', await call(`${api}/nothing-here`), 404],
      ['404 on a route that caches its success', await call(`${stack.url}/files/pdfs/sessions/${randomUUID()}/1.pdf`), 404],
      ['405', await call(`${api}/ping`, { method: 'DELETE' }), 405],
      [
        '413',
        await call(`${api}/sessions/create`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ x: 'a'.repeat(1024 * 1024) }),
        }),
        413,
      ],
      ['415', await call(`${api}/sessions/create`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' }), 415],
      ['malformed JSON', await call(`${api}/sessions/create`, { method: 'POST', headers: JSON_HEADERS, body: '{"x":' }), 400],
      ['500', await call(`${api}/panic`), 500],
    ];
    for (const [what, res, status] of answers) {
      expect({ what, status: res.status }).toEqual({ what, status });
      expect(res.json?.error?.code).toEqual(expect.any(String));
      expectPersonal(what, res);
    }
  });

  it('a request the HTTP parser refuses: its raw answer carries the same headers', async () => {
    const answer = await sendUnparsable('NOT HTTP AT ALL\r\n\r\n');
    const head = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
    expect(head).toMatch(/^http\/1\.1 400 /);
    expect(head).toContain('\r\nx-content-type-options: nosniff\r\n');
    expect(head).toContain('\r\ncache-control: no-store\r\n');
  });

  it('probes and ping are never stored; the catalog and the reference keep their own caching, still nosniff', async () => {
    for (const url of [`${stack.url}/health`, `${stack.url}/ready`, `${api}/ping`]) {
      const res = await call(url);
      expect(res.status).toBe(200);
      expectPersonal(url, res);
    }
    const catalog = await call(`${api}/catalog`);
    expect(catalog.status).toBe(200);
    expect(catalog.headers.get('cache-control')).toBe('public, max-age=300');
    expect(catalog.headers.get('x-content-type-options')).toBe('nosniff');
    const reference = await call(`${stack.url}/openapi.json`);
    expect(reference.headers.get('cache-control')).toBe('no-cache');
    expect(reference.headers.get('x-content-type-options')).toBe('nosniff');
    const preflight = await call(`${api}/sessions/create`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expectPersonal('preflight', preflight);
  });
});

describe('stored PDFs', () => {
  /** A plan's file as a browser fetches it, and again with its validator. */
  async function expectPrivatelyCached(what: string, pdfUrl: string): Promise<void> {
    const file = await fetch(`${stack.url}${localPath(pdfUrl)}`);
    await file.arrayBuffer();
    expect({ what, status: file.status }).toEqual({ what, status: 200 });
    const { directives, maxAge } = cachingOf(file.headers.get('cache-control'));
    // Only the browser that fetched it may keep it, and not for more than a day.
    expect({ what, directives }).toEqual({ what, directives: expect.arrayContaining(['private']) });
    expect(directives.filter((directive) => /^(public|immutable|s-maxage=)/.test(directive))).toEqual([]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(86_400);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // After that, it asks again: a 304 while the file exists.
    const again = await rawGet(`${stack.url}${localPath(pdfUrl)}`, { 'If-None-Match': file.headers.get('etag')! });
    expect({ what, status: again.status }).toEqual({ what, status: 304 });
    expect(again.headers.get('cache-control')).toBe(file.headers.get('cache-control'));
  }

  it("a session's and a project's plan are private, kept a day at most, and revalidated with a 304", async () => {
    const sessionId = await completeSession(api);
    const sessionPlan = await postJson(`${api}/sessions/${sessionId}/generate-pdf`, {});
    expect(sessionPlan.status).toBe(200);
    await expectPrivatelyCached("a session's plan", sessionPlan.json.pdfUrl as string);

    const owner = await signUp(stack.url);
    const projectId = await completeProject(api, owner);
    const projectPlan = await postJson(`${api}/projects/${projectId}/generate-pdf`, {}, bearer(owner.accessToken));
    expect(projectPlan.status).toBe(200);
    await expectPrivatelyCached("a project's plan", projectPlan.json.pdfUrl as string);
  });

  it("activity rows and logs name a file's requests by the route's template, never by the file's path", async () => {
    const sessionId = await completeSession(api);
    const generated = await postJson(`${api}/sessions/${sessionId}/generate-pdf`, {});
    const path = localPath(generated.json.pdfUrl as string);
    // The file name (its render time in nanoseconds) is what makes the path a capability.
    const fileName = path.slice(path.lastIndexOf('/') + 1);

    const downloaded = await fetch(`${stack.url}${path}`);
    await downloaded.arrayBuffer();
    expect(downloaded.status).toBe(200);
    const head = await fetch(`${stack.url}${path}`, { method: 'HEAD' });
    const posted = await call(`${stack.url}${path}`, { method: 'POST' });
    expectEnvelope(posted, 405, 'METHOD_NOT_ALLOWED');
    // What a typo makes of it: no file (the key's casing), no route (a prefix before it). Its path is still not written down.
    const otherCase = await call(`${stack.url}/files/pdfs/${path.slice('/files/pdfs/'.length).toUpperCase()}`);
    expectEnvelope(otherCase, 404, 'PDF_NOT_FOUND');
    const misplaced = await call(`${api}/v2${path}`);
    expectEnvelope(misplaced, 404, 'NOT_FOUND');
    // pdf-service away: the gateway logs the failure (at debug level, which this stack captures).
    await stack.services.pdf.stop();
    let unavailable: JsonResponse;
    try {
      unavailable = await call(`${stack.url}${path}`);
    } finally {
      await stack.services.pdf.start();
    }
    expectEnvelope(unavailable, 503, 'SERVICE_UNAVAILABLE');
    expectPersonal('503', unavailable);

    // Headers too large for the parser: answered and recorded before Koa, with the request line it read.
    const refused = await sendUnparsable(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(refused).toMatch(/^HTTP\/1\.1 431 /);
    const refusedId = /\r\nX-Request-Id: ([\w-]+)\r\n/i.exec(refused)![1]!;

    const requestIds = [
      ...[downloaded, head, posted, otherCase, misplaced, unavailable].map((res) => res.headers.get('x-request-id')!),
      refusedId,
    ];
    const rows = await activityRowsOf(stack.db.pool, requestIds);
    expect(requestIds.map((id) => rows.get(id) && { path: rows.get(id)!.path, status: rows.get(id)!.status_code })).toEqual([
      { path: '/files/pdfs/*', status: 200 },
      { path: '/files/pdfs/*', status: 200 },
      { path: '/files/pdfs/*', status: 405 },
      { path: '/files/pdfs/*', status: 404 },
      { path: '/files/pdfs/*', status: 404 },
      { path: '/files/pdfs/*', status: 503 },
      { path: '/files/pdfs/*', status: 431 },
    ]);
    // The download still names whose plan it was, as the contract asks.
    expect(rows.get(requestIds[0]!)).toMatchObject({ event_type: 'pdf_downloaded', session_id: sessionId });
    const { rows: leaked } = await stack.db.pool.query<{ path: string }>(
      `SELECT path FROM activity_events WHERE strpos(lower(path), lower($1)) > 0`,
      [fileName],
    );
    expect(leaked).toEqual([]);

    // Every line the stack wrote meanwhile, at every level: none holds the file's path or name.
    expect(stack.logs.filter((line) => JSON.stringify(line).toLowerCase().includes(fileName.toLowerCase()))).toEqual([]);
    const accessLine = stack.logs.find((line) => line.msg === 'request' && line.request_id === requestIds[0]);
    expect(accessLine).toMatchObject({ route: '/files/pdfs/*', status: 200 });
  });
});

describe('a 429 carries the same headers', () => {
  let limited: TestStack;
  beforeAll(async () => {
    // One login per client address; this test's address is its own, so no other stack's counters meet it.
    limited = await startTestStack({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_IP: '1' });
  });
  afterAll(() => limited?.stop());

  it('past the login limit', async () => {
    const from = { 'X-Forwarded-For': `198.51.100.${1 + Math.floor(Math.random() * 250)}` };
    const login = () =>
      postJson(`${limited.url}/api/v1/auth/login`, { email: `${randomUUID()}@example.org`, password: 'wrong password' }, from);
    expectEnvelope(await login(), 401, 'INVALID_CREDENTIALS');
    const refused = await login();
    expectEnvelope(refused, 429, 'RATE_LIMITED');
    expectPersonal('429', refused);
  });
});
