import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { bearer, postJson, refresh, refreshCookieOf, signUp } from './helpers/auth';
import { testEnv } from './helpers/env';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { TcpProxy } from './helpers/tcp-proxy';

const SERVICES_OK = { auth: 'ok', wizard: 'ok', pdf: 'ok', activity: 'ok' };

/** Polls until the predicate holds, for state that settles asynchronously (reconnects). */
async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!accept(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await probe();
  }
  return last;
}

describe('/ready against PostgreSQL and Redis that go away and come back', () => {
  const pg = TcpProxy.forUrl(testEnv.databaseUrl);
  const redis = TcpProxy.forUrl(testEnv.redisUrl);
  let stack: TestStack;

  beforeAll(async () => {
    await pg.start();
    await redis.start();
    stack = await startTestStack({ DATABASE_URL: pg.urlFor(testEnv.databaseUrl), REDIS_URL: redis.urlFor(testEnv.redisUrl) });
  });
  afterAll(async () => {
    await stack?.stop();
    await pg.stop();
    await redis.stop();
  });

  const ready = () => call(`${stack.url}/ready`);

  it('is 200 with both ok while both are reachable', async () => {
    const res = await ready();
    expect([res.status, res.json]).toEqual([200, { status: 'ok', database: 'ok', cache: 'ok', services: SERVICES_OK }]);
  });

  it.each([
    // The services whose own database or cache it is turn NOT_SERVING with it; the others stay ready
    // (activity-service too: it spools what PostgreSQL cannot take).
    ['PostgreSQL', 'database', () => pg, { auth: 'error', wizard: 'error', pdf: 'ok', activity: 'ok' }],
    ['Redis', 'cache', () => redis, { auth: 'error', wizard: 'ok', pdf: 'ok', activity: 'ok' }],
  ] as const)(
    'turns 503 when %s is unreachable, marking %s and the services that need it "error", and back to 200 when it returns',
    async (_name, field, proxy, services) => {
      await proxy().cut();
      const expected = { status: 'error', database: 'ok', cache: 'ok', [field]: 'error', services };
      // Each process notices on its own (a failed request, or its next check): wait until all of them have.
      const noticed = (r: JsonResponse): boolean =>
        r.status === 503 &&
        r.json[field] === 'error' &&
        Object.entries(services).every(([name, state]) => r.json.services?.[name] === state);
      const down = await eventually(ready, noticed);
      await proxy().restore();
      expect(down.status).toBe(503);
      expect(down.json).toMatchObject(expected);
      const up = await eventually(ready, (r) => r.status === 200);
      expect(up.json).toEqual({ status: 'ok', database: 'ok', cache: 'ok', services: SERVICES_OK });
    },
  );

  it('does not hang when both dependencies accept connections but never answer', async () => {
    await pg.blackhole();
    await redis.blackhole();
    // The database field is what the services report: it turns "error" once their next check has timed out.
    const res = await eventually(ready, (r) => r.json.database === 'error' && r.json.cache === 'error');
    expect([res.status, res.json.database, res.json.cache]).toEqual([503, 'error', 'error']);
    // The gateway's own cache check meets the hang: checked with a 1 s timeout, side by side with the services.
    const started = Date.now();
    await ready();
    expect(Date.now() - started).toBeLessThan(1_900);
    await pg.restore();
    await redis.restore();
    expect((await eventually(ready, (r) => r.status === 200)).status).toBe(200);
  });
});

describe('a service that is down or hung', () => {
  let stack: TestStack;
  let hung: net.Server;
  const hungSockets = new Set<net.Socket>();

  beforeAll(async () => {
    // Accepts TCP but never speaks HTTP/2: every call to it can only end by its deadline.
    hung = net.createServer((socket) => {
      hungSockets.add(socket);
      socket.on('close', () => hungSockets.delete(socket));
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', () => resolve()));
    stack = await startTestStack({ GRPC_DEADLINE: '500ms' });
  });
  afterAll(async () => {
    await stack?.stop();
    for (const socket of hungSockets) socket.destroy();
    await new Promise((resolve) => hung.close(resolve));
  });

  it('answers 503 SERVICE_UNAVAILABLE quickly when the service is stopped', async () => {
    await stack.services.wizard.stop();
    const started = Date.now();
    const res = await call(`${stack.url}/api/v1/sessions/create`, { method: 'POST' });
    expectEnvelope(res, 503, 'SERVICE_UNAVAILABLE');
    // Not the client's fault, and worth trying again shortly: it says when.
    expect(res.headers.get('retry-after')).toBe('5');
    expect(Date.now() - started).toBeLessThan(2_000);
    // The rest of the API is unaffected.
    expect((await call(`${stack.url}/api/v1/ping`)).status).toBe(200);
  });

  it('answers generate-pdf in the contract’s words when pdf-service is away: 503 PDF_RENDERER_UNAVAILABLE', async () => {
    // Only pdf-service away: wizard-service (stopped above) takes generate-pdf and asks pdf-service.
    await stack.services.wizard.start();
    await stack.services.pdf.stop();
    const res = await call(`${stack.url}/api/v1/sessions/${randomUUID()}/generate-pdf`, { method: 'POST' });
    expect(expectEnvelope(res, 503, 'PDF_RENDERER_UNAVAILABLE').details).toEqual({ service: 'pdf-service' });
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('answers 503 SERVICE_UNAVAILABLE at the deadline when the service never answers', async () => {
    const { GrpcClientPool } = await import('@evalplan/common/grpc');
    const { loadProtos } = await import('@evalplan/protos');
    const port = (hung.address() as net.AddressInfo).port;
    const pool = new GrpcClientPool(loadProtos().wizard.WizardService as never, {
      name: 'wizard-service',
      target: `127.0.0.1:${port}`,
      connections: 1,
      deadlineMs: 500,
    });
    const started = Date.now();
    await expect(pool.unary('CreateSession' as never, {} as never)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(2_000);
    pool.close();
  });
});

describe('accounts while Redis is away', () => {
  const redis = TcpProxy.forUrl(testEnv.redisUrl);
  let stack: TestStack;

  beforeAll(async () => {
    await redis.start();
    // Rate limits on, so login really asks Redis.
    stack = await startTestStack({
      DATABASE_URL: testEnv.databaseUrl,
      REDIS_URL: redis.urlFor(testEnv.redisUrl),
      AUTH_RATE_LIMIT_PER_IP: '100',
      AUTH_RATE_LIMIT_PER_EMAIL: '100',
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await redis.stop();
  });

  it('refuses bearer tokens with 503 (the blacklist cannot be read), still lets people log in, and recovers', async () => {
    const account = await signUp(stack.url);
    const me = () => call(`${stack.url}/api/v1/auth/me`, { headers: bearer(account.accessToken) });
    expect((await me()).status).toBe(200);

    await redis.cut();
    await eventually(
      () => call(`${stack.url}/ready`),
      (r) => r.status === 503,
    );
    // A possibly logged-out token is not let through, and this is not the person's fault: 503, not 401.
    const refused = await me();
    expectEnvelope(refused, 503, 'SERVICE_UNAVAILABLE');
    expect(refused.headers.get('retry-after')).toBe('5');
    // The events route speaks its own words for that; an anonymous event needs no blacklist and is taken.
    const report = (headers: Record<string, string>) =>
      call(`${stack.url}/api/v1/activity/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ type: 'frontend.page_view', page: '/wizard/1' }),
      });
    expectEnvelope(await report(bearer(account.accessToken)), 503, 'ACTIVITY_RECORDER_UNAVAILABLE');
    expect((await report({})).status).toBe(202);
    // Rate limits fail open: an outage of the cache does not lock everyone out.
    const login = await postJson(`${stack.url}/api/v1/auth/login`, { email: account.email, password: account.password });
    expect(login.status).toBe(200);
    // Logout cannot blacklist the token: it says so (503) but still revokes the refresh token and clears the cookie.
    const logout = await call(`${stack.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { ...bearer(login.json.access_token), Cookie: `refresh_token=${refreshCookieOf(login)!.value}` },
    });
    expectEnvelope(logout, 503, 'SERVICE_UNAVAILABLE');
    expect(refreshCookieOf(logout)?.attributes).toContain('Max-Age=0');

    await redis.restore();
    expect((await eventually(me, (r) => r.status === 200)).status).toBe(200);
    expectEnvelope(await refresh(stack.url, refreshCookieOf(login)!.value), 401, 'UNAUTHORIZED');
  });
});
