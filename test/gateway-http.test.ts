import { bearer, signUp } from './helpers/auth';
import { call, expectEnvelope, startTestStack, type TestStack } from './helpers/stack';
import { WEB_CLIENT_STEPS } from './fixtures/step-data';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ CORS_ALLOWED_ORIGINS: 'https://app.example.com,http://localhost:5173' }, { captureLogs: true });
});
afterAll(async () => {
  await stack?.stop();
});

describe('probes and test routes', () => {
  it('GET /health answers 200 {status:"ok"}', async () => {
    const res = await call(`${stack.url}/health`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });

  it('GET /ready reports the database, the cache and every service as ok', async () => {
    const res = await call(`${stack.url}/ready`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'ok',
      database: 'ok',
      cache: 'ok',
      services: { auth: 'ok', wizard: 'ok', pdf: 'ok', activity: 'ok' },
    });
  });

  it('GET /api/v1/ping answers pong', async () => {
    const res = await call(`${stack.url}/api/v1/ping`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'pong' });
  });

  it('GET /api/v1/panic is a 500 envelope from the recovery middleware that leaks nothing', async () => {
    const res = await call(`${stack.url}/api/v1/panic`);
    const error = expectEnvelope(res, 500, 'INTERNAL_SERVER_ERROR');
    expect(error.details).toEqual({});
    expect(res.text).not.toMatch(/deliberate|panic|at .*\.js|stack/i);
    // ...but the failure is logged with its stack for the team.
    expect(stack.logs.some((l) => l.level === 'error' && JSON.stringify(l.err ?? '').includes('deliberate panic'))).toBe(true);
  });

  it('GET /api/v1/error is a 400 BAD_REQUEST with the request path in details', async () => {
    const res = await call(`${stack.url}/api/v1/error?x=1`);
    expect(expectEnvelope(res, 400, 'BAD_REQUEST').details).toEqual({ path: '/api/v1/error' });
  });

  it('answers the same through the exact-match index and the router (HEAD, trailing slash, casing)', async () => {
    const head = await call(`${stack.url}/api/v1/ping`, { method: 'HEAD' });
    expect([head.status, head.text]).toEqual([200, '']);
    for (const path of ['/api/v1/ping/', '/API/v1/Ping']) {
      const res = await call(`${stack.url}${path}`);
      expect([path, res.status, res.json]).toEqual([path, 200, { message: 'pong' }]);
    }
  });

  it('GET / is a 404 envelope (API-only deployment)', async () => {
    expectEnvelope(await call(`${stack.url}/`), 404, 'NOT_FOUND');
  });
});

describe('error envelope on every non-2xx', () => {
  it('an unknown route is 404 NOT_FOUND', async () => {
    expectEnvelope(await call(`${stack.url}/api/v1/does-not-exist`), 404, 'NOT_FOUND');
    expectEnvelope(await call(`${stack.url}/api/v2/ping`), 404, 'NOT_FOUND');
  });

  it('a known path with the wrong method is 405 METHOD_NOT_ALLOWED with an Allow header', async () => {
    const res = await call(`${stack.url}/api/v1/ping`, { method: 'DELETE' });
    expectEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toContain('GET');
    expectEnvelope(await call(`${stack.url}/api/v1/auth/login`, { method: 'GET' }), 405, 'METHOD_NOT_ALLOWED');
    expectEnvelope(await call(`${stack.url}/health`, { method: 'POST' }), 405, 'METHOD_NOT_ALLOWED');
    const project = await call(`${stack.url}/api/v1/projects/0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10`, { method: 'POST' });
    expectEnvelope(project, 405, 'METHOD_NOT_ALLOWED');
    expect(project.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH']);
    // A method no route knows at all is refused the same way.
    expectEnvelope(await call(`${stack.url}/api/v1/ping`, { method: 'PROPFIND' }), 405, 'METHOD_NOT_ALLOWED');
  });

  it('a body over 1 MiB is 413 PAYLOAD_TOO_LARGE', async () => {
    const body = JSON.stringify({ email: 'a'.repeat(1024 * 1024) });
    const res = await call(`${stack.url}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body just under 1 MiB is parsed and reaches the service', async () => {
    const body = JSON.stringify({ email: 'a'.repeat(1024 * 1024 - 100), password: 'long enough' });
    const res = await call(`${stack.url}/api/v1/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    // auth-service read the address and judged it.
    expect(expectEnvelope(res, 400, 'INVALID_EMAIL').details).toEqual({ field: 'email' });
  });

  it.each([
    ['truncated JSON', '{"email": "a@b.c"'],
    ['not JSON at all', 'email=a@b.c'],
    ['a bare string', '"hello"'],
    ['a bare number', '42'],
  ])('malformed JSON (%s) is 400 INVALID_INPUT', async (_name, body) => {
    const res = await call(`${stack.url}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(expectEnvelope(res, 400, 'INVALID_INPUT').details).toEqual({ field: 'body' });
  });

  it("a streaming handler's error before the first message is its own envelope, not a 503", async () => {
    const res = await call(`${stack.url}/files/pdfs/projects/0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10/1.pdf`);
    expectEnvelope(res, 404, 'PDF_NOT_FOUND');
  });
});

describe('empty bodies with Content-Type: application/json (the web client sends it everywhere)', () => {
  const json = { 'Content-Type': 'application/json' };

  it('is accepted on GET', async () => {
    const res = await call(`${stack.url}/api/v1/ping`, { headers: json });
    expect(res.status).toBe(200);
  });

  it('is accepted on a body-less POST and reaches the service', async () => {
    const res = await call(`${stack.url}/api/v1/sessions/create`, { method: 'POST', headers: json });
    expect(res.status).toBe(201);
  });

  it('is accepted on PUT, PATCH and DELETE, where the service then judges the (empty) body', async () => {
    const { accessToken } = await signUp(stack.url);
    const session = (await call(`${stack.url}/api/v1/sessions/create`, { method: 'POST' })).json.sessionId as string;
    const project = (
      await call(`${stack.url}/api/v1/projects`, {
        method: 'POST',
        headers: { ...json, ...bearer(accessToken) },
        body: JSON.stringify({ name: 'Empty bodies' }),
      })
    ).json.projectId as string;
    for (const [method, path, expected] of [
      ['PUT', `/api/v1/sessions/${session}/wizard/step/1`, 'INVALID_INPUT'],
      ['PATCH', `/api/v1/projects/${project}`, 'INVALID_INPUT'],
      ['DELETE', `/api/v1/projects/${project}`, 204],
    ] as const) {
      const res = await call(`${stack.url}${path}`, { method, headers: { ...json, ...bearer(accessToken) } });
      expect([method, res.json?.error?.code ?? res.status]).toEqual([method, expected]);
    }
  });
});

describe('CORS', () => {
  const allowed = 'https://app.example.com';

  it('echoes an allowed origin with credentials, and lets its scripts read the request id, Retry-After and the file name', async () => {
    const res = await call(`${stack.url}/api/v1/ping`, { headers: { Origin: allowed } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toBe('X-Request-Id, Retry-After, Content-Disposition');
    expect(res.headers.get('vary')).toMatch(/Origin/);
  });

  it('answers an allowed preflight with the methods and headers it may use, and how long to keep that answer', async () => {
    const res = await call(`${stack.url}/api/v1/projects/123`, {
      method: 'OPTIONS',
      headers: {
        Origin: allowed,
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, X-Request-Id');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('vary')).toMatch(/Origin/);
  });

  it('keeps the CORS headers and Vary: Origin on error responses for an allowed origin', async () => {
    for (const [path, status] of [
      ['/api/v1/error', 400],
      ['/api/v1/no-such-route', 404],
      ['/api/v1/auth/me', 401],
    ] as const) {
      const res = await call(`${stack.url}${path}`, { headers: { Origin: 'http://localhost:5173' } });
      expect([path, res.status]).toEqual([path, status]);
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
      expect(res.headers.get('vary')).toMatch(/Origin/);
    }
  });

  it.each([['https://evil.example.com'], ['https://app.example.com.evil.com'], ['null']])(
    'adds no Access-Control-* header at all for origin %s, and answers normally',
    async (origin) => {
      const res = await call(`${stack.url}/api/v1/ping`, { headers: { Origin: origin } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ message: 'pong' });
      expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
      expect(res.headers.get('vary')).toMatch(/Origin/);
    },
  );

  it('answers every OPTIONS request with 204 and an empty body', async () => {
    for (const [path, origin] of [
      ['/api/v1/ping', allowed],
      ['/api/v1/projects/123', allowed],
      ['/no/such/route', 'https://evil.example.com'],
      ['/health', undefined],
    ] as const) {
      const res = await call(`${stack.url}${path}`, {
        method: 'OPTIONS',
        headers: { ...(origin ? { Origin: origin } : {}), 'Access-Control-Request-Method': 'PATCH' },
      });
      expect([path, res.status, res.text]).toEqual([path, 204, '']);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin === allowed ? allowed : null);
    }
  });
});

describe('X-Request-Id', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('is generated when absent and echoed on the response', async () => {
    const a = await call(`${stack.url}/api/v1/ping`);
    const b = await call(`${stack.url}/api/v1/ping`);
    expect(a.headers.get('x-request-id')).toMatch(uuid);
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
  });

  it('keeps a sane incoming id, also on errors', async () => {
    const res = await call(`${stack.url}/nope`, { headers: { 'X-Request-Id': 'client-abc.123:x' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('client-abc.123:x');
  });

  it.each([['a'.repeat(129)], ['has space'], ['<script>'], ['new\\nline']])(
    'replaces an unsafe id (%s) with a generated one',
    async (id) => {
      const res = await call(`${stack.url}/api/v1/ping`, { headers: { 'X-Request-Id': id } });
      expect(res.headers.get('x-request-id')).toMatch(uuid);
    },
  );

  it('reaches the service in gRPC metadata and appears in its logs', async () => {
    const id = `trace-me-${Date.now()}`;
    const { accessToken } = await signUp(stack.url);
    await call(`${stack.url}/api/v1/projects`, { headers: { 'X-Request-Id': id, ...bearer(accessToken) } });
    const serviceLine = stack.logs.find((l) => l.service === 'wizard-service' && l.request_id === id);
    expect(serviceLine).toMatchObject({ method: 'WizardService.ListProjects', code: 'OK' });
  });

  it("travels on from a service to the services it calls: generate-pdf's call from wizard-service to pdf-service carries it", async () => {
    const id = `pdf-hop-${Date.now()}`;
    const api = `${stack.url}/api/v1`;
    const sessionId = (await call(`${api}/sessions/create`, { method: 'POST' })).json.sessionId as string;
    for (const step of ['1', '2', '3', '4'] as const) {
      const saved = await call(`${api}/sessions/${sessionId}/wizard/step/${step}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ stepData: WEB_CLIENT_STEPS[step] }),
      });
      expect(saved.status).toBe(200);
    }
    const generated = await call(`${api}/sessions/${sessionId}/generate-pdf`, { method: 'POST', headers: { 'X-Request-Id': id } });
    expect(generated.status).toBe(200);
    const callsFor = (service: string) => stack.logs.filter((l) => l.service === service && l.request_id === id).map((l) => l.method);
    expect(callsFor('wizard-service')).toEqual(['WizardService.GeneratePdf']);
    expect(callsFor('pdf-service')).toEqual(['PdfService.RenderPlan']);
  });
});

describe('access log', () => {
  const linesOf = (requestId: string) =>
    stack.logs.filter((line) => line.service === 'gateway' && line.msg === 'request' && line.request_id === requestId);
  /** Lines are written when the connection is done with the response: a moment after the client has read it. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('writes one info line per request with method, route template, status, duration, bytes and request id', async () => {
    const { accessToken } = await signUp(stack.url);
    const session = (await call(`${stack.url}/api/v1/sessions/create`, { method: 'POST' })).json.sessionId as string;
    const id = `access-${Date.now()}`;
    const res = await call(`${stack.url}/api/v1/sessions/${session}`, { headers: { 'X-Request-Id': id, ...bearer(accessToken) } });
    expect(res.status).toBe(200);
    await settle();
    const lines = linesOf(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/v1/sessions/:sessionId',
      status: 200,
      bytes: Buffer.byteLength(res.text),
      duration_ms: expect.any(Number),
    });
    // Never the raw path (it holds the id), a token, a cookie or a body.
    const written = JSON.stringify(lines[0]);
    expect(written).not.toContain(session);
    expect(written).not.toContain(accessToken);
    expect(Object.keys(lines[0]!).sort()).toEqual(
      ['bytes', 'duration_ms', 'level', 'method', 'msg', 'request_id', 'route', 'service', 'status', 'time'].sort(),
    );
  });

  it('names what no route answered by a fixed label, and the status the error envelope gave', async () => {
    const id = `access-404-${Date.now()}`;
    await call(`${stack.url}/api/v1/users/secret-token-in-path`, { headers: { 'X-Request-Id': id } });
    await settle();
    expect(linesOf(id)).toEqual([expect.objectContaining({ route: '(unmatched)', status: 404 })]);
    expect(JSON.stringify(linesOf(id))).not.toContain('secret-token-in-path');
  });

  it('leaves out the probes by default', async () => {
    const id = `access-probe-${Date.now()}`;
    await call(`${stack.url}/health`, { headers: { 'X-Request-Id': id } });
    await call(`${stack.url}/ready`, { headers: { 'X-Request-Id': id } });
    await settle();
    expect(linesOf(id)).toEqual([]);
  });

  it('is switched off with ACCESS_LOG=false, and takes in the probes with ACCESS_LOG_PROBES=true', async () => {
    const quiet = await startTestStack({ ACCESS_LOG: 'false' }, { captureLogs: true });
    const chatty = await startTestStack({ ACCESS_LOG_PROBES: 'true' }, { captureLogs: true });
    try {
      for (const other of [quiet, chatty]) {
        await call(`${other.url}/api/v1/ping`);
        await call(`${other.url}/health`);
      }
      await settle();
      const accessLines = (other: TestStack) => other.logs.filter((line) => line.msg === 'request').map((line) => line.route);
      expect(accessLines(quiet)).toEqual([]);
      expect(accessLines(chatty)).toEqual(['/api/v1/ping', '/health']);
    } finally {
      await quiet.stop();
      await chatty.stop();
    }
  });

  it('writes the component once per line, as "service"', async () => {
    await call(`${stack.url}/api/v1/ping`);
    await settle();
    const line = stack.logs.find((l) => l.msg === 'request');
    expect(line).toMatchObject({ service: 'gateway' });
    expect(line).not.toHaveProperty('name');
  });
});
