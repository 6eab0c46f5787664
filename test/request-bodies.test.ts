import { once } from 'node:events';
import { Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { bearer, JSON_HEADERS, postJson, signUp, type SignedUp, uniqueEmail } from './helpers/auth';
import { expectDocumentedRawAnswers } from './helpers/openapi-hooks';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { CONTRACT_STEPS } from './fixtures/step-data';

const MiB = 1024 * 1024;

let stack: TestStack;
let api: string;

beforeAll(async () => {
  stack = await startTestStack();
  api = `${stack.url}/api/v1`;
});
afterAll(async () => {
  await stack?.stop();
});

/** `total` bytes of "a" in pieces of 64 KiB, as an upload writes them. */
function pieces(total: number, size = 64 * 1024): Buffer[] {
  return Array.from({ length: Math.ceil(total / size) }, (_, i) => Buffer.alloc(Math.min(size, total - i * size), 'a'));
}

function toHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) result.set(name, String(value));
  return result;
}

/**
 * A request through `agent` (node:http, so keep-alive sockets are reused as a
 * real client reuses them), its body written piece by piece: chunked unless
 * the headers declare a Content-Length. Resolves with the answer.
 */
function send(
  agent: Agent,
  path: string,
  init: { method?: string; headers?: OutgoingHttpHeaders; body?: Buffer[] } = {},
): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${stack.url}${path}`, { agent, method: init.method ?? 'POST', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode!, headers: toHeaders(res.headers), text, json: text ? JSON.parse(text) : undefined });
      });
    });
    // A write that fails before the answer arrived (a reset) loses the answer: that is a failure.
    req.on('error', reject);
    for (const piece of init.body ?? []) req.write(piece);
    req.end();
  });
}

/** The promise, or a failure naming `what` once `ms` have passed. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A JSON text of exactly `size` bytes that register reads (and refuses: the address is absurd). */
function registrationOf(size: number): string {
  const frame = JSON.stringify({ email: '', password: 'long enough' });
  return JSON.stringify({ email: 'a'.repeat(size - frame.length), password: 'long enough' });
}

describe('bodies over 1 MiB', () => {
  let agent: Agent;
  beforeEach(() => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterEach(() => agent.destroy());

  it.each([
    ['chunked', JSON_HEADERS],
    ['with a Content-Length', { ...JSON_HEADERS, 'Content-Length': String(2 * MiB) }],
  ])('%s: 413 with Connection: close, and the keep-alive client’s next request is answered at once', async (_case, headers) => {
    const refused = await within(5_000, 'the 413', send(agent, '/api/v1/auth/login', { headers, body: pieces(2 * MiB) }));
    expect(expectEnvelope(refused, 413, 'PAYLOAD_TOO_LARGE').message).toMatch(/1 MiB/);
    expect(refused.headers.get('connection')).toBe('close');
    // One socket for the agent: a connection left waiting for the rest of the body would hold this up for a minute.
    const next = await within(2_000, 'the next request on the agent', send(agent, '/api/v1/ping', { method: 'GET' }));
    expect([next.status, next.json]).toEqual([200, { message: 'pong' }]);
  });

  it.each([
    ['with a Content-Length', (body: string) => ({ ...JSON_HEADERS, 'Content-Length': String(Buffer.byteLength(body)) })],
    ['chunked', () => JSON_HEADERS],
  ])('%s: a body of exactly 1 MiB is read, one byte more is not', async (_case, headersFor) => {
    const atLimit = registrationOf(MiB);
    expect(Buffer.byteLength(atLimit)).toBe(MiB);
    const read = await send(agent, '/api/v1/auth/register', { headers: headersFor(atLimit), body: [Buffer.from(atLimit)] });
    // auth-service got the address and judged it.
    expect(expectEnvelope(read, 400, 'INVALID_EMAIL').details).toEqual({ field: 'email' });
    const overLimit = registrationOf(MiB + 1);
    const refused = await send(agent, '/api/v1/auth/register', { headers: headersFor(overLimit), body: [Buffer.from(overLimit)] });
    expectEnvelope(refused, 413, 'PAYLOAD_TOO_LARGE');
  });

  /** Sends the head and every piece of the body before reading anything, as simple clients do; then reads to the end. */
  async function sendAllThenRead(head: string, body: Buffer[]): Promise<{ answer: string; error?: string }> {
    const { hostname, port } = new URL(stack.url);
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    socket.pause();
    let error: string | undefined;
    socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code));
    await once(socket, 'connect');
    socket.write(head);
    for (const piece of body) {
      if (error !== undefined) break;
      await new Promise((resolve) => socket.write(piece, resolve));
      // At a network's pace rather than loopback's: the answer comes while the body is still on its way.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.resume();
    socket.end();
    if (!socket.closed) await new Promise((resolve) => socket.once('close', resolve));
    return { answer: Buffer.concat(received).toString('utf8'), error };
  }

  it.each([
    ['with a Content-Length', `Content-Length: ${2 * MiB}`, pieces(2 * MiB)],
    [
      'chunked',
      'Transfer-Encoding: chunked',
      [
        ...pieces(2 * MiB).map((piece) => Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])),
        Buffer.from('0\r\n\r\n'),
      ],
    ],
  ])('%s: a client that reads only after sending its whole body still gets the 413, then a clean close', async (_case, framing, body) => {
    const head = `POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;
    const { answer, error } = await within(10_000, 'the exchange', sendAllThenRead(head, body));
    // Closing while the client still sends would reset the connection: a broken pipe, the answer lost.
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.code).toBe('PAYLOAD_TOO_LARGE');
    expectDocumentedRawAnswers(answer, head);
  });

  it('a client that keeps sending after the 413 is cut off after a few MiB', async () => {
    const { hostname, port } = new URL(stack.url);
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined);
    // (events.once would reject on the reset this client is bound to get.)
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await once(socket, 'connect');
    socket.write(`POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${1024 * MiB}\r\n\r\n`);
    const piece = Buffer.alloc(64 * 1024, 'a');
    const startedAt = Date.now();
    let written = 0;
    // Far more than the gateway drops; the loop stops early once the connection is gone.
    while (written < 256 * MiB && !socket.destroyed && socket.writable) {
      await new Promise((resolve) => socket.write(piece, resolve));
      written += piece.length;
    }
    await within(10_000, 'the close', closed);
    expect(Buffer.concat(received).toString('utf8')).toMatch(/^HTTP\/1\.1 413 /);
    // What the gateway dropped (4 MiB) plus what the two kernels' buffers held.
    expect(written).toBeLessThan(64 * MiB);
    expect(Date.now() - startedAt).toBeLessThan(8_000);
  });
});

describe('Expect: 100-continue', () => {
  /** Sends the head only and returns the first thing the gateway answers (the client waits for it before uploading). */
  async function firstAnswer(head: string): Promise<{ socket: ReturnType<typeof connect>; first: string }> {
    const { hostname, port } = new URL(stack.url);
    const socket = connect({ port: Number(port), host: hostname });
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    socket.write(head);
    const [chunk] = (await within(3_000, 'the first answer', once(socket, 'data'))) as [Buffer];
    return { socket, first: chunk.toString('utf8') };
  }

  it('a body declared over 1 MiB is refused before it is uploaded: 413, not "100 Continue"', async () => {
    const { socket, first } = await firstAnswer(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${8 * MiB}\r\nExpect: 100-continue\r\n\r\n`,
    );
    socket.destroy();
    expect(first).toMatch(/^HTTP\/1\.1 413 /);
    expect(first).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expectDocumentedRawAnswers(first, [{ method: 'POST', target: '/api/v1/auth/login' }]);
  });

  it('a body of the wrong type too (415); a JSON body of a fine size is asked for, then read', async () => {
    const refused = await firstAnswer(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n',
    );
    refused.socket.destroy();
    expect(refused.first).toMatch(/^HTTP\/1\.1 415 /);
    expectDocumentedRawAnswers(refused.first, [{ method: 'POST', target: '/api/v1/auth/login' }]);

    const body = JSON.stringify({ email: uniqueEmail(), password: 'correct horse battery' });
    const { socket, first } = await firstAnswer(
      `POST /api/v1/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(first).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
    let answer = first.slice(first.indexOf('\r\n\r\n') + 4);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.write(body);
    await within(
      5_000,
      'the answer',
      new Promise<void>((resolve) => {
        const check = () => (/\r\n\r\n\{.*\}$/s.test(answer) ? resolve() : setTimeout(check, 20));
        check();
      }),
    );
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expectDocumentedRawAnswers(answer, [{ method: 'POST', target: '/api/v1/auth/register' }]);
  });
});

describe('media types', () => {
  const login = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });

  it.each([
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=----evalplan',
    'application/xml',
    'text/json',
    'application/jsonx',
  ])('a body sent as %s is 415 UNSUPPORTED_MEDIA_TYPE, not read as {}', async (type) => {
    const res = await call(`${api}/auth/login`, { method: 'POST', headers: { 'Content-Type': type }, body: login });
    expect(expectEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE').message).toMatch(/JSON/);
  });

  it.each(['application/json; charset=latin1', 'application/json; charset="ISO-8859-1"', 'application/json; charset=utf-16'])(
    'a JSON body in another charset (%s) is 415',
    async (type) => {
      const res = await call(`${api}/auth/login`, { method: 'POST', headers: { 'Content-Type': type }, body: login });
      expect(expectEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE').message).toMatch(/UTF-8/);
    },
  );

  it.each(['gzip', 'deflate', 'identity, gzip'])(
    'a compressed body (Content-Encoding: %s) is 415: bodies are not inflated',
    async (coding) => {
      const res = await call(`${api}/auth/login`, {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'Content-Encoding': coding },
        body: gzipSync(login),
      });
      expect(expectEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE').message).toMatch(/uncompressed/);
    },
  );

  it.each([
    'application/json; charset=UTF-8',
    'application/json;charset=utf8',
    'Application/JSON',
    'application/vnd.api+json',
    'application/merge-patch+json',
  ])('%s is JSON: the service reads the body', async (type) => {
    const res = await call(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': type, 'Content-Encoding': 'identity' },
      body: login,
    });
    // auth-service looked the address up: the body was read.
    expectEnvelope(res, 401, 'INVALID_CREDENTIALS');
  });

  it('a JSON body without any Content-Type is read as JSON: register, login and a step save work', async () => {
    const email = uniqueEmail('untyped');
    const credentials = Buffer.from(JSON.stringify({ email, password: 'correct horse battery' }));
    // A byte body: fetch adds no Content-Type of its own.
    const registered = await call(`${api}/auth/register`, { method: 'POST', body: credentials });
    expect([registered.status, registered.json?.user?.email]).toEqual([201, email]);
    expect((await call(`${api}/auth/login`, { method: 'POST', body: credentials })).status).toBe(200);

    const sessionId = (await call(`${api}/sessions/create`, { method: 'POST' })).json.sessionId as string;
    const saved = await call(`${api}/sessions/${sessionId}/wizard/step/1`, {
      method: 'PUT',
      body: Buffer.from(JSON.stringify({ stepData: CONTRACT_STEPS['1'] })),
    });
    expect(saved.status).toBe(200);
    expect((await call(`${api}/sessions/${sessionId}`)).json.wizardStatus.steps).toEqual({ '1': CONTRACT_STEPS['1'] });
  });

  it('a body starting with a byte order mark is read', async () => {
    const res = await call(`${api}/auth/login`, { method: 'POST', headers: JSON_HEADERS, body: `\ufeff${login}` });
    expectEnvelope(res, 401, 'INVALID_CREDENTIALS');
  });
});

describe('body-less requests, whatever their Content-Type', () => {
  let account: SignedUp;
  beforeAll(async () => {
    account = await signUp(stack.url);
  });

  it.each([
    ['application/json', { 'Content-Type': 'application/json' }],
    ['text/plain', { 'Content-Type': 'text/plain' }],
    ['gzip', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }],
    ['no type', {}],
  ])('with %s: sessions/create, refresh and logout answer as without a body', async (_case, headers: Record<string, string>) => {
    const created = await call(`${api}/sessions/create`, { method: 'POST', headers });
    expect(created.status).toBe(201);
    const { refreshToken } = await signUp(stack.url);
    const refreshed = await call(`${api}/auth/refresh`, {
      method: 'POST',
      headers: { ...headers, Cookie: `refresh_token=${refreshToken}` },
    });
    expect(refreshed.status).toBe(200);
    const loggedOut = await call(`${api}/auth/logout`, { method: 'POST', headers: { ...headers, ...bearer(account.accessToken) } });
    expect(loggedOut.json).toEqual({ status: 'ok' });
  });

  it.each([
    ['application/json', JSON_HEADERS],
    ['text/plain', { 'Content-Type': 'text/plain' }],
  ])('an empty chunked body sent as %s is no body', async (_case, headers) => {
    const agent = new Agent();
    try {
      const created = await send(agent, '/api/v1/sessions/create', { headers: { ...headers, 'Transfer-Encoding': 'chunked' }, body: [] });
      expect(created.status).toBe(201);
    } finally {
      agent.destroy();
    }
  });
});

describe('text PostgreSQL cannot store (NUL, half of a surrogate pair)', () => {
  const NUL = 'a\u0000b';
  const HALF = 'a\ud800b';
  const OTHER_HALF = '\udc00';
  let owner: SignedUp;
  let sessionId: string;
  let projectId: string;

  beforeAll(async () => {
    owner = await signUp(stack.url);
    sessionId = (await call(`${api}/sessions/create`, { method: 'POST' })).json.sessionId as string;
    projectId = (await postJson(`${api}/projects`, { name: 'Storable' }, bearer(owner.accessToken))).json.projectId as string;
  });

  type Case = [name: string, method: string, path: () => string, body: Record<string, unknown>, field: string];
  const cases: Case[] = [
    [
      'register: a NUL in the e-mail',
      'POST',
      () => '/auth/register',
      { email: `${NUL}@example.com`, password: 'correct horse battery' },
      'email',
    ],
    [
      'register: half a pair in the e-mail',
      'POST',
      () => '/auth/register',
      { email: `${HALF}@example.com`, password: 'correct horse battery' },
      'email',
    ],
    [
      'register: a NUL in the password',
      'POST',
      () => '/auth/register',
      { email: 'x@example.com', password: `long ${NUL} enough` },
      'password',
    ],
    [
      'register: half a pair in the password',
      'POST',
      () => '/auth/register',
      { email: 'x@example.com', password: `long ${HALF} enough` },
      'password',
    ],
    ['login: a NUL in the e-mail', 'POST', () => '/auth/login', { email: `${NUL}@example.com`, password: 'whatever it is' }, 'email'],
    [
      'login: half a pair in the e-mail',
      'POST',
      () => '/auth/login',
      { email: `x${OTHER_HALF}@example.com`, password: 'whatever' },
      'email',
    ],
    ['login: a NUL in the password', 'POST', () => '/auth/login', { email: 'x@example.com', password: NUL }, 'password'],
    [
      'a session step: a NUL in a list entry',
      'PUT',
      () => `/sessions/${sessionId}/wizard/step/1`,
      { stepData: { ...CONTRACT_STEPS['1'], evaluationGoals: ['ok', NUL] } },
      'stepData.evaluationGoals.1',
    ],
    [
      'a session step: half a pair in a key',
      'PUT',
      () => `/sessions/${sessionId}/wizard/step/1`,
      { stepData: { ...CONTRACT_STEPS['1'], [HALF]: 'x' } },
      `stepData.${HALF}`,
    ],
    [
      'a project step: the other half in a nested value',
      'PUT',
      () => `/projects/${projectId}/wizard/step/1`,
      { stepData: { ...CONTRACT_STEPS['1'], extra: { deeper: [{ text: OTHER_HALF }] } } },
      'stepData.extra.deeper.0.text',
    ],
    ['a new project: a NUL in the name', 'POST', () => '/projects', { name: NUL }, 'name'],
    ['a new project: half a pair in the description', 'POST', () => '/projects', { name: 'ok', description: HALF }, 'description'],
    ['a project update: a NUL in the name', 'PATCH', () => `/projects/${projectId}`, { name: NUL }, 'name'],
    ['a conversion: half a pair in the name', 'POST', () => `/sessions/${sessionId}/convert`, { name: HALF }, 'name'],
    [
      'generate-pdf: a NUL in notifyEmail',
      'POST',
      () => `/sessions/${sessionId}/generate-pdf`,
      { notifyEmail: `${NUL}@example.com` },
      'notifyEmail',
    ],
    [
      'generate-pdf: half a pair in the template html',
      'POST',
      () => `/projects/${projectId}/generate-pdf`,
      { template: { html: HALF } },
      'template.html',
    ],
    [
      'generate-pdf: a NUL in the template css',
      'POST',
      () => `/sessions/${sessionId}/generate-pdf`,
      { template: { html: '<p/>', css: NUL } },
      'template.css',
    ],
    ['recommendations: a NUL in a key', 'POST', () => `/sessions/${sessionId}/wizard/recommendations`, { forStep: 2, [NUL]: 1 }, NUL],
    ['an activity event: a NUL in the type', 'POST', () => '/activity/events', { type: NUL }, 'type'],
    ['an activity event: half a pair in the page', 'POST', () => '/activity/events', { type: 'x', page: HALF }, 'page'],
    ['an activity event: a NUL in the sessionId', 'POST', () => '/activity/events', { type: 'x', sessionId: NUL }, 'sessionId'],
    [
      'an activity event: a NUL deep in the metadata',
      'POST',
      () => '/activity/events',
      { type: 'x', metadata: { a: { b: [1, NUL] } } },
      'metadata.a.b.1',
    ],
    [
      'an activity event: half a pair in a metadata key',
      'POST',
      () => '/activity/events',
      { type: 'x', metadata: { [HALF]: 1 } },
      `metadata.${HALF}`,
    ],
  ];

  it.each(cases)('%s: 400 INVALID_INPUT naming the field', async (_name, method, path, body, field) => {
    const res = await call(`${api}${path()}`, {
      method,
      headers: { ...JSON_HEADERS, ...bearer(owner.accessToken) },
      body: JSON.stringify(body),
    });
    const error = expectEnvelope(res, 400, 'INVALID_INPUT');
    expect(error.details).toEqual({ field });
    expect(error.message).toMatch(/NUL/);
  });

  it('nothing of a refused body is stored', async () => {
    const res = await call(`${api}/sessions/${sessionId}/wizard/step/1`, {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: JSON.stringify({ stepData: { ...CONTRACT_STEPS['1'], projectType: NUL } }),
    });
    expectEnvelope(res, 400, 'INVALID_INPUT');
    expect((await call(`${api}/sessions/${sessionId}`)).json.wizardStatus.steps).toEqual({});
  });

  it('a whole surrogate pair written as escapes, and the text "\\u0000", are stored as sent', async () => {
    const created = await call(`${api}/projects`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, ...bearer(owner.accessToken) },
      body: '{"name":"\\ud83c\\udfae \\\\u0000","description":"\\uD83D\\uDE00"}',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: '🎮 \\u0000', description: '😀' });
  });
});
