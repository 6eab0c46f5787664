import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONVERT_PATH } from '@evalplan/stack/dist/dev-renderer';
import { bearer, postJson, signUp } from './helpers/auth';
import { CLIENT_LIMITS_OFF, redisDatabase, testEnv } from './helpers/env';
import { startSmtp } from './helpers/smtp-peer';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { completeProject, saveSteps } from './helpers/wizard-flows';

/**
 * The gateway's limits per client (issue 36, High 2 and Medium 3): session
 * creation, generate-pdf (per window and PDFs in progress) and activity
 * events, per client address and per session or user. Behind TRUST_PROXY
 * each test speaks from addresses of its own (X-Forwarded-For), drawn from a
 * range of this run, so no two tests, and no earlier run, share a counter.
 * In services mode the stacks count in a Redis database of their own.
 */

const RUN = randomInt(1, 250);
let nextHost = 1;
/** A client address of its own. */
const newAddress = () => `10.${RUN}.${Math.floor(nextHost / 250)}.${(nextHost++ % 250) + 1}`;
const from = (address: string) => ({ 'X-Forwarded-For': address });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isolated = testEnv.mode === 'services' ? { REDIS_URL: redisDatabase(11) } : {};
const TEMPLATE = { template: { html: '<h1>{{ .Title }}</h1>' } };

/** Asserts a 429 of the limits: envelope, Retry-After equal to details.retryAfterSeconds and within `maxSeconds`; its message. */
function expectLimited(res: JsonResponse, maxSeconds: number, said: RegExp): void {
  const error = expectEnvelope(res, 429, 'RATE_LIMITED');
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(error.details).toEqual({ retryAfterSeconds: retryAfter });
  expect(error.message).toMatch(said);
  expect(error.message).toMatch(/Please wait \d+ seconds? and try again\.$/);
}

/**
 * A Gotenberg-compatible renderer that holds every render until release():
 * a render stays in progress for as long as a test needs. Answers a minimal PDF.
 */
class HeldRenderer {
  received = 0;
  abandoned = 0;
  private waiting: Array<() => void> = [];
  private server: http.Server | undefined;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${CONVERT_PATH}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      request.resume();
      request.once('end', () => {
        this.received += 1;
        response.once('close', () => {
          if (!response.writableFinished) this.abandoned += 1;
        });
        this.waiting.push(() => response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n%%EOF\n'));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  release(): void {
    for (const answer of this.waiting.splice(0)) answer();
  }

  async stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Waits until `done` holds, checking every 20 ms, for at most `ms`. */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const giveUpAt = Date.now() + ms;
  while (!done()) {
    if (Date.now() > giveUpAt) throw new Error('timed out waiting');
    await sleep(20);
  }
}

/** A session with all four steps saved, created from an address of its own (creation is limited per address). */
async function completeSession(api: string): Promise<string> {
  const res = await call(`${api}/sessions/create`, { method: 'POST', headers: from(newAddress()) });
  expect(res.status).toBe(201);
  const id = res.json.sessionId as string;
  await saveSteps(`${api}/sessions/${id}`);
  return id;
}

const createSession = (api: string, address: string) => call(`${api}/sessions/create`, { method: 'POST', headers: from(address) });
const sendEvent = (api: string, address: string, event: Record<string, unknown>, headers: Record<string, string> = {}) =>
  postJson(`${api}/activity/events`, { type: 'page_view', ...event }, { ...from(address), ...headers });
const generate = (api: string, path: string, address: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  postJson(`${api}/${path}/generate-pdf`, body, { ...from(address), ...headers });

describe('limits per client, over short windows', () => {
  const WINDOW_MS = 2_000;
  // generate-pdf renders: a window long enough for a few of them on a busy machine.
  const PDF_WINDOW_MS = 6_000;
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    stack = await startTestStack({
      TRUST_PROXY: 'true',
      SESSION_CREATE_RATE_LIMIT_PER_IP: '3',
      SESSION_CREATE_RATE_LIMIT_WINDOW: `${WINDOW_MS}ms`,
      ACTIVITY_EVENTS_RATE_LIMIT_PER_IP: '4',
      ACTIVITY_EVENTS_RATE_LIMIT_PER_SESSION_OR_USER: '2',
      ACTIVITY_EVENTS_RATE_LIMIT_WINDOW: `${WINDOW_MS}ms`,
      PDF_RATE_LIMIT_PER_IP: '4',
      PDF_RATE_LIMIT_PER_SESSION_OR_USER: '2',
      PDF_RATE_LIMIT_WINDOW: `${PDF_WINDOW_MS}ms`,
      PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT: '1',
      ...isolated,
    });
    api = `${stack.url}/api/v1`;
  });
  afterAll(() => stack?.stop());

  it('new sessions per client address: 429 with Retry-After past the limit, another address unaffected, and the window resets', async () => {
    const client = newAddress();
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await createSession(api, client)).status).toBe(201);
    expectLimited(await createSession(api, client), WINDOW_MS / 1000, /^Too many new sessions have been started from your network\./);
    expect((await createSession(api, newAddress())).status).toBe(201);
    await sleep(WINDOW_MS + 200);
    expect((await createSession(api, client)).status).toBe(201);
  });

  it('counts an IPv6 client by its /64: its other addresses share the count, another /64 does not', async () => {
    const prefix = `2001:db8:${RUN.toString(16)}:${nextHost++}`;
    for (const host of ['1', 'a', 'ffff:1']) expect((await createSession(api, `${prefix}::${host}`)).status).toBe(201);
    expect((await createSession(api, `${prefix}:0:0:0:beef`)).status).toBe(429);
    expect((await createSession(api, `2001:db8:${RUN.toString(16)}:${nextHost++}::1`)).status).toBe(201);
  });

  it('activity events per session and per address: 429 past either, other sessions unaffected, and the window resets', async () => {
    const client = newAddress();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    for (let attempt = 1; attempt <= 2; attempt += 1) expect((await sendEvent(api, client, { sessionId: first })).status).toBe(202);
    expectLimited(
      await sendEvent(api, client, { sessionId: first }),
      WINDOW_MS / 1000,
      /^Too many activity events have been sent for this session\./,
    );
    // Another session from the same address still gets through, until the address's own limit (4, the refused one counted).
    expect((await sendEvent(api, client, { sessionId: second })).status).toBe(202);
    expectLimited(
      await sendEvent(api, client, { sessionId: third }),
      WINDOW_MS / 1000,
      /^Too many activity events have been sent from your network\./,
    );
    expect((await sendEvent(api, newAddress(), { sessionId: third })).status).toBe(202);
    await sleep(WINDOW_MS + 200);
    expect((await sendEvent(api, client, { sessionId: first })).status).toBe(202);
  });

  it('activity events of a signed-in user count per user, whatever session they name', async () => {
    const user = await signUp(stack.url);
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      expect((await sendEvent(api, newAddress(), { sessionId: randomUUID() }, bearer(user.accessToken))).status).toBe(202);
    }
    const limited = await sendEvent(api, newAddress(), { sessionId: randomUUID() }, bearer(user.accessToken));
    expectLimited(limited, WINDOW_MS / 1000, /^Too many activity events have been sent for your account\./);
  });

  it('generate-pdf per session and per address: 429 before rendering, other sessions unaffected, and the window resets', async () => {
    const [one, two, three] = [await completeSession(api), await completeSession(api), await completeSession(api)];
    const client = newAddress();
    for (let attempt = 1; attempt <= 2; attempt += 1) expect((await generate(api, `sessions/${one}`, client)).status).toBe(200);
    const perSession = await generate(api, `sessions/${one}`, client);
    expectLimited(perSession, PDF_WINDOW_MS / 1000, /^Too many PDFs have been requested for this session\./);
    expect((await generate(api, `sessions/${two}`, client)).status).toBe(200);
    expectLimited(
      await generate(api, `sessions/${three}`, client),
      PDF_WINDOW_MS / 1000,
      /^Too many PDFs have been requested from your network\./,
    );
    expect((await generate(api, `sessions/${three}`, newAddress())).status).toBe(200);
    await sleep(PDF_WINDOW_MS + 200);
    expect((await generate(api, `sessions/${one}`, client)).status).toBe(200);
  });

  it('generate-pdf of projects counts per user, across the user’s projects', async () => {
    const user = await signUp(stack.url);
    const [first, second] = [await completeProject(api, user), await completeProject(api, user)];
    for (const project of [first, second]) {
      expect((await generate(api, `projects/${project}`, newAddress(), {}, bearer(user.accessToken))).status).toBe(200);
    }
    const limited = await generate(api, `projects/${first}`, newAddress(), {}, bearer(user.accessToken));
    expectLimited(limited, PDF_WINDOW_MS / 1000, /^Too many PDFs have been requested for your account\./);
  });
  it('with the no-op mail provider, an e-mail past its limit still answers the contract’s no-op result, nothing more', async () => {
    const to = `noop-${RUN}-${randomUUID().slice(0, 8)}@example.org`;
    for (let mail = 0; mail < 2; mail += 1) {
      const res = await generate(api, `sessions/${await completeSession(api)}`, newAddress(), { notifyEmail: to });
      expect([res.status, res.json.email]).toEqual([200, { requested: true, to, provider: 'noop', sent: false, messageId: '' }]);
    }
  });
});

describe('PDFs in progress at once', () => {
  const renderer = new HeldRenderer();
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    await renderer.start();
    stack = await startTestStack({
      TRUST_PROXY: 'true',
      PDF_HTML_RENDERER_URL: renderer.url,
      PDF_HTML_RENDERER_TIMEOUT: '30s',
      PDF_RENDERS_IN_PROGRESS_PER_SESSION_OR_USER: '4',
      PDF_RENDERS_IN_PROGRESS_PER_IP: '6',
      ...isolated,
    });
    api = `${stack.url}/api/v1`;
  });
  afterAll(async () => {
    await renderer.stop();
    await stack?.stop();
  });
  afterEach(() => renderer.release());

  it('20 at once on one session: 4 are admitted, the rest 429 at once; another client renders meanwhile; the slots come back', async () => {
    const id = await completeSession(api);
    const client = newAddress();
    const answers: JsonResponse[] = [];
    const all = Array.from({ length: 20 }, () =>
      generate(api, `sessions/${id}`, client, TEMPLATE).then((res) => {
        answers.push(res);
        return res;
      }),
    );
    const before = renderer.received;
    // Every refusal is answered while the admitted renders are still held.
    await until(() => answers.length === 16 && renderer.received - before === 4);
    await sleep(200);
    expect([answers.length, renderer.received - before]).toEqual([16, 4]);
    for (const refused of answers) {
      expectLimited(refused, 2, /^Too many PDFs are being made for this session at once\./);
      expect(refused.headers.get('retry-after')).toBe('2');
    }
    // Someone else's PDF is made meanwhile.
    const other = await completeSession(api);
    const meanwhile = await generate(api, `sessions/${other}`, newAddress());
    expect(meanwhile.status).toBe(200);
    expect(answers).toHaveLength(16);

    renderer.release();
    const statuses = (await Promise.all(all)).map((res) => res.status).sort();
    expect(statuses).toEqual([...Array<number>(4).fill(200), ...Array<number>(16).fill(429)]);
    // All four given back: four more are admitted at once.
    const again = Array.from({ length: 4 }, () => generate(api, `sessions/${id}`, client, TEMPLATE));
    await until(() => renderer.received - before === 8);
    renderer.release();
    expect((await Promise.all(again)).map((res) => res.status)).toEqual([200, 200, 200, 200]);
  });

  it('per client address too: a seventh session from the same address waits, another address does not', async () => {
    const client = newAddress();
    const sessions = [];
    for (let index = 0; index < 7; index += 1) sessions.push(await completeSession(api));
    const before = renderer.received;
    const held = sessions.slice(0, 6).map((id) => generate(api, `sessions/${id}`, client, TEMPLATE));
    await until(() => renderer.received - before === 6);
    expectLimited(
      await generate(api, `sessions/${sessions[6]}`, client, TEMPLATE),
      2,
      /^Too many PDFs are being made for your network at once\./,
    );
    const elsewhere = generate(api, `sessions/${sessions[6]}`, newAddress(), TEMPLATE);
    await until(() => renderer.received - before === 7);
    renderer.release();
    expect((await Promise.all([...held, elsewhere])).map((res) => res.status)).toEqual(Array<number>(7).fill(200));
  });

  it('gives a slot back when its client leaves', async () => {
    const id = await completeSession(api);
    const client = newAddress();
    const before = renderer.received;
    const leaving = Array.from({ length: 4 }, () => new AbortController());
    const calls = leaving.map((controller) =>
      fetch(`${api}/sessions/${id}/generate-pdf`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...from(client) },
        body: JSON.stringify(TEMPLATE),
        signal: controller.signal,
      }).catch(() => undefined),
    );
    await until(() => renderer.received - before === 4);
    expect((await generate(api, `sessions/${id}`, client, TEMPLATE)).status).toBe(429);
    for (const controller of leaving) controller.abort();
    await Promise.all(calls);
    // Once the gateway has seen them go, their slots are free: a new render is admitted.
    let admitted: Promise<JsonResponse> | undefined;
    await until(() => {
      if (renderer.received - before === 5) return true;
      if (!admitted) {
        admitted = generate(api, `sessions/${id}`, client, TEMPLATE).then((res) => {
          if (res.status === 429) admitted = undefined;
          return res;
        });
      }
      return false;
    });
    renderer.release();
    expect((await admitted!).status).toBe(200);
  });
});

describe('every limit at 0 (the test default): nothing is counted', () => {
  const renderer = new HeldRenderer();
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    await renderer.start();
    smtp = await startSmtp();
    stack = await startTestStack({
      TRUST_PROXY: 'true',
      PDF_HTML_RENDERER_URL: renderer.url,
      SMTP_URL: smtp.url,
      ...CLIENT_LIMITS_OFF,
      ...isolated,
    });
    api = `${stack.url}/api/v1`;
  });
  afterAll(async () => {
    await renderer.stop();
    await stack?.stop();
    await smtp?.close();
  });

  it('takes any number of sessions, events, generations, renders at once and e-mails from one client', async () => {
    const client = newAddress();
    for (let attempt = 0; attempt < 8; attempt += 1) expect((await createSession(api, client)).status).toBe(201);
    const session = randomUUID();
    for (let attempt = 0; attempt < 8; attempt += 1) expect((await sendEvent(api, client, { sessionId: session })).status).toBe(202);
    const id = await completeSession(api);
    const recipient = `limitless-${RUN}@example.org`;
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const res = await generate(api, `sessions/${id}`, client, { notifyEmail: recipient });
      expect([res.status, res.json.email.sent]).toEqual([200, true]);
    }
    expect(smtp.received.filter((mail) => mail.to.includes(recipient))).toHaveLength(7);
    const before = renderer.received;
    const held = Array.from({ length: 8 }, () => generate(api, `sessions/${id}`, client, TEMPLATE));
    await until(() => renderer.received - before === 8);
    renderer.release();
    expect((await Promise.all(held)).every((res) => res.status === 200)).toBe(true);
  });
});

describe('the default limits', () => {
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    // Every limit at its default: baseEnv turns them off, undefined lets the default stand.
    const defaults = Object.fromEntries(Object.keys(CLIENT_LIMITS_OFF).map((name) => [name, undefined]));
    stack = await startTestStack({ TRUST_PROXY: 'true', ...defaults, ...isolated });
    api = `${stack.url}/api/v1`;
  });
  afterAll(() => stack?.stop());

  it('let a class of 30 behind one address use the wizard at the same time, from a new session to a PDF', async () => {
    const school = from(newAddress());
    const student = async (index: number): Promise<number[]> => {
      const statuses: number[] = [];
      const created = await call(`${api}/sessions/create`, { method: 'POST', headers: school });
      statuses.push(created.status);
      const id = created.json.sessionId as string;
      await sendEvent(api, school['X-Forwarded-For'], { sessionId: id }).then((res) => statuses.push(res.status));
      await saveSteps(`${api}/sessions/${id}`, school, 1);
      const recommended = await postJson(`${api}/sessions/${id}/wizard/recommendations`, { forStep: 2 }, school);
      statuses.push(recommended.status);
      await saveSteps(`${api}/sessions/${id}`, school);
      for (let event = 0; event < 3; event += 1) {
        statuses.push((await sendEvent(api, school['X-Forwarded-For'], { sessionId: id, page: `/step/${event + 2}` })).status);
      }
      const pdf = await postJson(`${api}/sessions/${id}/generate-pdf`, { notifyEmail: `student-${index}@example.org` }, school);
      statuses.push(pdf.status);
      return statuses;
    };
    const statuses = (await Promise.all(Array.from({ length: 30 }, (_, index) => student(index)))).flat();
    expect(statuses.filter((status) => status >= 400)).toEqual([]);
  }, 120_000);
});
