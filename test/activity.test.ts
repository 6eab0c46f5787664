import type { types } from '@evalplan/protos';
import { connect } from 'node:net';
import { bearer, JSON_HEADERS, postJson, refresh, signUp } from './helpers/auth';
import { expectDocumentedRawAnswers } from './helpers/openapi-hooks';
import { freePort } from './helpers/ports';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { WEB_CLIENT_STEPS } from './fixtures/step-data';

/** A stored row as the queries below select it (activity_events' columns but id and created_at). */
interface EventRow {
  event_type: string;
  user_id: string | null;
  session_id: string | null;
  project_id: string | null;
  method: string;
  path: string;
  status_code: number | null;
  duration_ms: number | null;
  metadata: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rows(stack: TestStack, where: string, values: unknown[]): Promise<EventRow[]> {
  const result = await stack.db.pool.query<EventRow>(
    `SELECT event_type, user_id, session_id, project_id, method, path, status_code, duration_ms, metadata
       FROM activity_events WHERE ${where} ORDER BY created_at, id`,
    values,
  );
  return result.rows;
}

/** Sends raw bytes to the gateway and returns everything it answers before closing the connection. */
async function rawExchange(url: string, bytes: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  // Half-open: this side never closes by itself. Once the answer has ended it keeps sending a byte: only a
  // gateway that really closed the connection (not merely its own side of it) refuses them and ends the exchange.
  const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const poke = (): void => {
    if (socket.destroyed) return;
    socket.write('x');
    setTimeout(poke, 100);
  };
  socket.on('end', poke);
  socket.on('error', () => undefined);
  socket.write(bytes);
  await new Promise((resolve) => socket.once('close', resolve));
  const text = Buffer.concat(chunks).toString('utf8');
  expectDocumentedRawAnswers(text, bytes);
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head, body };
}

/** Waits until `count` events match (batches go out every 200 ms). */
async function waitForRows(stack: TestStack, where: string, values: unknown[], count: number, timeoutMs = 10_000): Promise<EventRow[]> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const found = await rows(stack, where, values);
    if (found.length >= count || Date.now() > giveUpAt) return found;
    await sleep(50);
  }
}

/** The one event the request behind `res` left, found by its X-Request-Id. */
async function eventOf(stack: TestStack, res: JsonResponse | Response): Promise<EventRow> {
  const requestId = res.headers.get('x-request-id');
  const [event] = await waitForRows(stack, `metadata->>'request_id' = $1`, [requestId], 1);
  expect(event).toBeDefined();
  return event!;
}

describe('activity recording of every request and flow step', () => {
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    stack = await startTestStack();
    api = `${stack.url}/api/v1`;
  });
  afterAll(() => stack?.stop());

  it('records the flow types with the identities of each step', async () => {
    const register = await postJson(`${api}/auth/register`, { email: `flow-${Date.now()}@example.org`, password: 'correct horse battery' });
    const userId = register.json.user.id as string;
    const token = register.json.access_token as string;
    expect(await eventOf(stack, register)).toMatchObject({
      event_type: 'user_registered',
      user_id: userId,
      method: 'POST',
      path: '/api/v1/auth/register',
      status_code: 201,
      metadata: { actor_type: 'user', request_id: register.headers.get('x-request-id') },
    });
    const cookie = register.headers.get('set-cookie')!.split(';')[0]!.split('=')[1]!;
    const refreshed = await refresh(stack.url, cookie);
    expect(await eventOf(stack, refreshed)).toMatchObject({ event_type: 'token_refreshed', user_id: userId });

    const created = await call(`${api}/sessions/create`, { method: 'POST', headers: { 'User-Agent': 'activity-test/1.0' } });
    const sessionId = created.json.sessionId as string;
    const createdEvent = await eventOf(stack, created);
    expect(createdEvent).toMatchObject({ event_type: 'session_created', session_id: sessionId, user_id: null, project_id: null });
    expect(createdEvent.metadata).toEqual({
      request_id: created.headers.get('x-request-id'),
      actor_type: 'anonymous',
      user_agent: 'activity-test/1.0',
    });
    expect(createdEvent.duration_ms).toBeGreaterThan(0);

    for (const step of ['1', '2', '3', '4']) {
      const saved = await call(`${api}/sessions/${sessionId}/wizard/step/${step}`, {
        method: 'PUT',
        headers: JSON_HEADERS,
        body: JSON.stringify({ stepData: WEB_CLIENT_STEPS[step as '1'] }),
      });
      expect(await eventOf(stack, saved)).toMatchObject({
        event_type: 'wizard_step_saved',
        session_id: sessionId,
        metadata: { step_number: Number(step) },
      });
    }
    const recommended = await postJson(`${api}/sessions/${sessionId}/wizard/recommendations`, { forStep: 2 });
    expect(await eventOf(stack, recommended)).toMatchObject({ event_type: 'recommendation_requested', session_id: sessionId });
    const generated = await postJson(`${api}/sessions/${sessionId}/generate-pdf`, {});
    expect(await eventOf(stack, generated)).toMatchObject({ event_type: 'pdf_generated', session_id: sessionId });
    const downloaded = await fetch(`${api}/sessions/${sessionId}/download-pdf`);
    await downloaded.arrayBuffer();
    expect(await eventOf(stack, downloaded)).toMatchObject({ event_type: 'pdf_downloaded', session_id: sessionId, status_code: 200 });
    const file = await fetch(`${stack.url}${new URL(generated.json.pdfUrl).pathname}`);
    await file.arrayBuffer();
    expect(await eventOf(stack, file)).toMatchObject({ event_type: 'pdf_downloaded', session_id: sessionId });

    const converted = await postJson(`${api}/sessions/${sessionId}/convert`, { name: 'Converted' }, bearer(token));
    const projectId = converted.json.projectId as string;
    expect(await eventOf(stack, converted)).toMatchObject({
      event_type: 'session_converted',
      session_id: sessionId,
      project_id: projectId,
      user_id: userId,
    });
    const project = await postJson(`${api}/projects`, { name: 'Second' }, bearer(token));
    expect(await eventOf(stack, project)).toMatchObject({
      event_type: 'project_created',
      project_id: project.json.projectId,
      user_id: userId,
    });
    const updated = await call(`${api}/projects/${projectId}`, {
      method: 'PATCH',
      headers: { ...JSON_HEADERS, ...bearer(token) },
      body: JSON.stringify({ name: 'Renamed' }),
    });
    expect(await eventOf(stack, updated)).toMatchObject({ event_type: 'project_updated', project_id: projectId });
    const deleted = await call(`${api}/projects/${projectId}`, { method: 'DELETE', headers: bearer(token) });
    expect(await eventOf(stack, deleted)).toMatchObject({ event_type: 'project_deleted', project_id: projectId, status_code: 204 });

    const me = await call(`${api}/auth/me`, { headers: bearer(token) });
    expect(await eventOf(stack, me)).toMatchObject({ event_type: 'api_request', user_id: userId });
    const login = await postJson(`${api}/auth/login`, { email: register.json.user.email, password: 'correct horse battery' });
    expect(await eventOf(stack, login)).toMatchObject({ event_type: 'user_login', user_id: userId });
    const logout = await call(`${api}/auth/logout`, { method: 'POST', headers: bearer(token) });
    expect(await eventOf(stack, logout)).toMatchObject({ event_type: 'user_logout', user_id: userId });
    // A logged-out token no longer names anyone.
    const afterLogout = await call(`${api}/ping`, { headers: bearer(token) });
    expect(await eventOf(stack, afterLogout)).toMatchObject({
      event_type: 'api_request',
      user_id: null,
      metadata: { actor_type: 'anonymous' },
    });
  });

  it('records failures, unknown routes, 405, OPTIONS and panics by status class, without query strings', async () => {
    const missing = await call(`${api}/nothing-here?token=secret`);
    expect(await eventOf(stack, missing)).toMatchObject({
      event_type: 'api_request_failed',
      path: '/api/v1/nothing-here',
      status_code: 404,
    });
    const wrongMethod = await call(`${api}/sessions/create`, { method: 'PUT' });
    expect(await eventOf(stack, wrongMethod)).toMatchObject({ event_type: 'api_request_failed', status_code: 405, session_id: null });
    const options = await call(`${api}/ping`, { method: 'OPTIONS', headers: { Origin: 'http://elsewhere.example' } });
    expect((await eventOf(stack, options)).method).toBe('OPTIONS');
    const panic = await call(`${api}/panic`);
    expect(await eventOf(stack, panic)).toMatchObject({ event_type: 'server_error', status_code: 500 });
    const longPath = await call(`${api}/${'x'.repeat(6000)}`);
    expect((await eventOf(stack, longPath)).path).toHaveLength(2048);
    const tooBig = await call(`${api}/auth/login`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ x: 'y'.repeat(2_000_000) }),
    });
    expect(await eventOf(stack, tooBig)).toMatchObject({ event_type: 'api_request_failed', status_code: 413 });
    // A failed flow step is a failure, not the flow type; a word in an id's place is no id.
    const badStep = await call(`${api}/sessions/not-a-session/wizard/step/1`, { method: 'PUT', headers: JSON_HEADERS, body: '{}' });
    expect(await eventOf(stack, badStep)).toMatchObject({ event_type: 'api_request_failed', session_id: null, status_code: 400 });
    // Nothing of the body or the credentials is stored.
    const login = await postJson(`${api}/auth/login`, { email: 'nobody@example.org', password: 'very secret words' });
    const event = await eventOf(stack, login);
    expect(JSON.stringify(event)).not.toContain('very secret words');
    expect(event.event_type).toBe('api_request_failed');
  });

  it("answers and records what Node's HTTP parser refuses, which never reaches Koa", async () => {
    const since = new Date().toISOString();
    const garbage = await rawExchange(stack.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request could not be read as HTTP.', details: {} },
    });
    const garbageId = /^x-request-id: (\S+)$/im.exec(garbage.headers)?.[1];
    const [refused] = await waitForRows(stack, `metadata->>'request_id' = $1`, [garbageId], 1);
    expect(refused).toMatchObject({ event_type: 'api_request_failed', method: '', path: '', status_code: 400, user_id: null });
    // Once: the bytes the client sent after the answer found the connection closed, not refused a second time.
    await sleep(400);
    expect(await rows(stack, `method = '' AND path = '' AND created_at >= $1`, [since])).toHaveLength(1);

    const bigHeaders = `GET /api/v1/ping?token=secret HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const tooLarge = await rawExchange(stack.url, bigHeaders);
    expect(tooLarge.status).toBe(431);
    expect(JSON.parse(tooLarge.body).error.code).toBe('REQUEST_HEADERS_TOO_LARGE');
    const tooLargeId = /^x-request-id: (\S+)$/im.exec(tooLarge.headers)?.[1];
    const [named] = await waitForRows(stack, `metadata->>'request_id' = $1`, [tooLargeId], 1);
    expect(named).toMatchObject({ event_type: 'api_request_failed', method: 'GET', path: '/api/v1/ping', status_code: 431 });

    // Garbage after an answered request on the same connection: nothing more is written, the connection closes.
    const { hostname, port } = new URL(stack.url);
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write(`GET /api/v1/ping HTTP/1.1\r\nHost: x\r\n\r\n`);
    while (!Buffer.concat(received).includes('"pong"')) await sleep(10);
    socket.write('NOT HTTP\r\n\r\n');
    await new Promise((resolve) => socket.once('close', resolve));
    const answers = Buffer.concat(received)
      .toString('utf8')
      .match(/^HTTP\/1\.1 \d+/gm);
    expect(answers).toEqual(['HTTP/1.1 200']);
    expectDocumentedRawAnswers(Buffer.concat(received).toString('utf8'), [{ method: 'GET', target: '/api/v1/ping' }]);
  });

  it('stores client-reported events as frontend_<type>, with method FRONTEND and path = page', async () => {
    const user = await signUp(stack.url);
    const sessionId = (await call(`${api}/sessions/create`, { method: 'POST' })).json.sessionId as string;
    for (const type of ['page_view', 'frontend.page_view', 'frontend.wizard.step_submitted', 'Click-1']) {
      const res = await postJson(
        `${api}/activity/events`,
        { type, sessionId, page: '/wizard/2', metadata: { step: 2, ünï: 'cödé' } },
        bearer(user.accessToken),
      );
      expect(res.status).toBe(202);
      expect(res.json).toEqual({ status: 'accepted' });
      const [stored] = await waitForRows(stack, `event_type = $1 AND user_id = $2`, [`frontend_${type}`, user.userId], 1);
      expect(stored).toMatchObject({ method: 'FRONTEND', path: '/wizard/2', session_id: sessionId, project_id: null, status_code: null });
      expect(stored!.metadata).toMatchObject({ step: 2, ünï: 'cödé', actor_type: 'user' });
    }
    const anonymous = await postJson(`${api}/activity/events`, { type: 'anonymous_view' });
    expect(anonymous.status).toBe(202);
    const [stored] = await waitForRows(stack, `event_type = 'frontend_anonymous_view'`, [], 1);
    expect(stored).toMatchObject({ user_id: null, path: '', metadata: { actor_type: 'anonymous' } });
  });

  it.each([
    ['no type', {}, 'type'],
    ['an empty type', { type: '' }, 'type'],
    ['a type of 65 characters', { type: 'a'.repeat(65) }, 'type'],
    ['a type with a space', { type: 'page view' }, 'type'],
    ['a type with a slash', { type: 'page/view' }, 'type'],
    ['an injection in the type', { type: "x'; DROP TABLE activity_events; --" }, 'type'],
    ['a sessionId of 129 characters', { type: 'x', sessionId: 's'.repeat(129) }, 'sessionId'],
    ['a projectId of 129 characters', { type: 'x', projectId: 'p'.repeat(129) }, 'projectId'],
    ['a page of 513 characters', { type: 'x', page: `/${'p'.repeat(512)}` }, 'page'],
    ['metadata over 16 KB', { type: 'x', metadata: { blob: 'm'.repeat(16 * 1024) } }, 'metadata'],
  ])('refuses %s with 400 INVALID_ACTIVITY_EVENT', async (_name, body, field) => {
    const res = await postJson(`${api}/activity/events`, body);
    expect(expectEnvelope(res, 400, 'INVALID_ACTIVITY_EVENT').details).toEqual({ field });
  });

  it.each([
    ['a list body', [{ type: 'x' }], 'body'],
    ['a numeric type', { type: 5 }, 'type'],
    ['metadata as a list', { type: 'x', metadata: [1] }, 'metadata'],
    ['a numeric page', { type: 'x', page: 1 }, 'page'],
    ['a NUL character (refused with any body text PostgreSQL cannot store)', { type: 'x', page: 'a\u0000b' }, 'page'],
  ])('refuses %s with 400 INVALID_INPUT', async (_name, body, field) => {
    const res = await postJson(`${api}/activity/events`, body);
    expect(expectEnvelope(res, 400, 'INVALID_INPUT').details).toEqual({ field });
  });

  it('an invalid bearer token on the events route is 401', async () => {
    expectEnvelope(await postJson(`${api}/activity/events`, { type: 'x' }, bearer('not.a.token')), 401, 'UNAUTHORIZED');
  });

  it('10,000 requests leave 10,000 rows: none lost, none doubled', async () => {
    const prefix = `bulk-${Date.now()}`;
    const total = 10_000;
    let next = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        const res = await fetch(`${api}/ping`, { headers: { 'X-Request-Id': `${prefix}-${i}` } });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    const giveUpAt = Date.now() + 30_000;
    let counted = { all: 0, distinct: 0 };
    while (Date.now() < giveUpAt) {
      const result = await stack.db.pool.query<{ all: string; distinct: string }>(
        `SELECT count(*) AS all, count(DISTINCT metadata->>'request_id') AS distinct FROM activity_events WHERE metadata->>'request_id' LIKE $1`,
        [`${prefix}-%`],
      );
      counted = { all: Number(result.rows[0]!.all), distinct: Number(result.rows[0]!.distinct) };
      if (counted.all >= total) break;
      await sleep(100);
    }
    expect(counted).toEqual({ all: total, distinct: total });
    expect(stack.gateway.activity!.dropped).toBe(0);
  }, 120_000);
});

describe('activity-service batches', () => {
  let stack: TestStack;
  /** Warnings that a batch did not go in as sent (COPY refused it) since `since`. */
  const refusedSince = (since: number) => stack.logs.slice(since).filter((line) => line.msg.startsWith('activity batch refused as sent'));

  beforeAll(async () => {
    stack = await startTestStack({}, { captureLogs: true });
  });
  afterAll(() => stack?.stop());

  it('stores the rows it is sent, a batch PostgreSQL refuses row by row after repair, and a resent batch once', async () => {
    const { createClientPool } = await import('@evalplan/common/grpc');
    const { uuidv7 } = await import('@evalplan/common/input');
    const { loadProtos } = await import('@evalplan/protos');
    const pool = createClientPool<never>(
      loadProtos().activity.ActivityService,
      'activity-service',
      stack.config.services.activity.target,
      stack.config,
    );
    const record = (events: types.RequestEvent[]) => pool.unary('RecordBatch' as never, { events } as never);
    const prefix = `batch-${Date.now()}`;
    const atMs = Date.now() - 1234;
    const event = (name: string, fields: types.RequestEvent = {}): types.RequestEvent => ({
      id: uuidv7(atMs),
      eventType: 'api_request',
      method: 'GET',
      path: '/',
      statusCode: 200,
      durationMs: 0.5,
      createdAtMs: atMs,
      requestId: `${prefix}-${name}`,
      userAgent: 'curl/8',
      ...fields,
    });
    // Text that would end a column or a row, or that COPY reads as a marker, if it were not escaped.
    const hostile = '/x\ty\\z\n\\.\r\\N \\101 ü😀';
    const good = [event('good', { path: hostile, userAgent: 'ua\\"\t' })];
    try {
      const logsBefore = stack.logs.length;
      await expect(record(good)).resolves.toEqual({ stored: 1 });
      // Taken by COPY as sent, not by the repair path (which would store the same values).
      expect(refusedSince(logsBefore)).toEqual([]);
      // Sent again (its answer was lost): the id is already there, nothing is stored twice.
      await expect(record(good)).resolves.toEqual({ stored: 0 });
      const [stored] = await rows(stack, `metadata->>'request_id' = $1`, [`${prefix}-good`]);
      expect(stored).toEqual({
        event_type: 'api_request',
        user_id: null,
        session_id: null,
        project_id: null,
        method: 'GET',
        path: hostile,
        status_code: 200,
        duration_ms: 0.5,
        metadata: { request_id: `${prefix}-good`, actor_type: 'anonymous', user_agent: 'ua\\"\t' },
      });
      const { rows: times } = await stack.db.pool.query<{ at: string }>(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM activity_events WHERE metadata->>'request_id' = $1`,
        [`${prefix}-good`],
      );
      expect(times[0]!.at).toBe(new Date(atMs).toISOString());

      // Values COPY refuses (a user id that is no UUID, a missing type), and a NUL: each row repaired, none lost with its batch.
      const odd = [
        event('odd', { eventType: 'api_request_failed', userId: 'admin', path: '/a\u0000b', statusCode: 404, stepNumber: 3 }),
        event('untyped', { eventType: '', path: '/untyped' }),
      ];
      const logsBeforeOdd = stack.logs.length;
      await expect(record(odd)).resolves.toEqual({ stored: 2 });
      // Refused as sent (COPY, on PostgreSQL and embedded PGlite alike), then repaired row by row.
      expect(refusedSince(logsBeforeOdd)).toHaveLength(1);
      await expect(record(odd)).resolves.toEqual({ stored: 0 });
      expect(await rows(stack, `metadata->>'request_id' = $1`, [`${prefix}-odd`])).toEqual([
        expect.objectContaining({
          event_type: 'api_request_failed',
          user_id: null,
          path: '/a\uFFFDb',
          status_code: 404,
          metadata: { request_id: `${prefix}-odd`, actor_type: 'user', user_agent: 'curl/8', step_number: 3 },
        }),
      ]);
      expect(await rows(stack, `metadata->>'request_id' = $1`, [`${prefix}-untyped`])).toEqual([
        expect.objectContaining({ event_type: 'api_request', path: '/untyped' }),
      ]);

      // No events: a sender of another format (the gateway never sends an empty batch).
      await expect(record([])).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    } finally {
      pool.close();
    }
  });

  it('finds flow steps and failures by type through the type index, plain requests through the time index', async () => {
    const client = await stack.db.pool.connect();
    const planOf = async (sql: string) =>
      (await client.query<Record<string, string>>(`EXPLAIN ${sql}`)).rows.map((row) => Object.values(row).join(' ')).join('\n');
    try {
      // The test table is small enough for a sequential scan to win; this asks which indexes a query can use.
      await client.query('SET enable_seqscan = off');
      const lastDay = `created_at > now() - interval '1 day'`;
      // Each monthly partition has its own copy of the parent's indexes, named after it (migration 004); the key leads with the time.
      expect(await planOf(`SELECT count(*) FROM activity_events WHERE event_type = 'user_login' AND ${lastDay}`)).toMatch(
        /activity_events_p\d{4}_\d{2}_event_type_created_at_idx/,
      );
      const plain = await planOf(`SELECT count(*) FROM activity_events WHERE event_type = 'api_request' AND ${lastDay}`);
      expect(plain).not.toContain('event_type_created_at');
      expect(plain).toMatch(/activity_events_p\d{4}_\d{2}_pkey/);
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  });
});

describe('activity recording while activity-service is away', () => {
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    stack = await startTestStack({
      ACTIVITY_SERVICE_ADDR: `127.0.0.1:${await freePort()}`,
      ACTIVITY_QUEUE_LIMIT: '20',
      ACTIVITY_FLUSH_INTERVAL: '50ms',
    });
    api = `${stack.url}/api/v1`;
  });
  afterAll(() => stack?.stop());

  it('answers as usual, keeps the newest events up to the bound, counts the dropped, delivers the rest on return', async () => {
    const prefix = `away-${Date.now()}`;
    await stack.services.activity.stop();
    const recorder = stack.gateway.activity!;
    const droppedBefore = recorder.dropped;
    for (let i = 0; i < 50; i++) {
      const res = await call(`${api}/ping`, { headers: { 'X-Request-Id': `${prefix}-${i}` } });
      expect({ status: res.status, body: res.json }).toEqual({ status: 200, body: { message: 'pong' } });
    }
    // The client-reported route says plainly that it could not record.
    expectEnvelope(await postJson(`${api}/activity/events`, { type: 'x' }), 503, 'ACTIVITY_RECORDER_UNAVAILABLE');
    await sleep(300);
    expect(recorder.dropped - droppedBefore).toBeGreaterThanOrEqual(30);

    await stack.services.activity.start();
    const giveUpAt = Date.now() + 20_000;
    while (Date.now() < giveUpAt && recorder.pending > 0) await sleep(100);
    const stored: EventRow[] = await rows(stack, `metadata->>'request_id' LIKE $1`, [`${prefix}-%`]);
    // The newest pings survived: at most the bound, every one of them from the end of the run.
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThanOrEqual(20);
    const kept = stored.map((row) => Number(String(row.metadata.request_id).split('-').pop()));
    expect(Math.min(...kept)).toBeGreaterThanOrEqual(50 - 20);
    expect(recorder.pending).toBe(0);
  }, 60_000);
});
