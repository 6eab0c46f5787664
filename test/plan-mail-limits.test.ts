import { randomInt, randomUUID } from 'node:crypto';
import { bearer, JSON_HEADERS, postJson, signUp } from './helpers/auth';
import { redisDatabase, testEnv } from './helpers/env';
import { startSmtp } from './helpers/smtp-peer';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { completeProject, saveSteps } from './helpers/wizard-flows';
import { WEB_CLIENT_STEPS } from './fixtures/step-data';

/**
 * No mail relay (issue 36, High 2): plan e-mails are limited per recipient
 * (the default, 5), per client address and per session or user, against a
 * real SMTP peer. An e-mail over a limit is not sent, and the request still
 * answers 200 with its PDF, the e-mail result saying why. The subject carries
 * no link taken from the project name.
 */

const RUN = randomInt(1, 250);
let nextHost = 1;
const newAddress = () => `10.${RUN}.${Math.floor(nextHost / 250)}.${(nextHost++ % 250) + 1}`;
const from = (address: string) => ({ 'X-Forwarded-For': address });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A recipient of this run only, so an earlier run's counts in Redis never meet it. */
const recipient = (label: string) => `${label}-${RUN}-${randomUUID().slice(0, 8)}@example.org`;

const PER_IP = 8;
const PER_SESSION_OR_USER = 6;
const WINDOW_MS = 10_000;

let stack: TestStack;
let api: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startTestStack({
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    // PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT at its default, 5.
    PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT: undefined,
    PLAN_MAIL_RATE_LIMIT_PER_IP: String(PER_IP),
    PLAN_MAIL_RATE_LIMIT_PER_SESSION_OR_USER: String(PER_SESSION_OR_USER),
    PLAN_MAIL_RATE_LIMIT_WINDOW: `${WINDOW_MS}ms`,
    ...(testEnv.mode === 'services' ? { REDIS_URL: redisDatabase(12) } : {}),
  });
  api = `${stack.url}/api/v1`;
});
afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
});

const deliveredTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** A session with all four steps saved as the web client sends them, step 1 naming the project `projectName` when given. */
async function completeSession(projectName?: string): Promise<string> {
  const res = await call(`${api}/sessions/create`, { method: 'POST' });
  expect(res.status).toBe(201);
  const id = res.json.sessionId as string;
  for (const step of ['1', '2', '3', '4'] as const) {
    const stepData = step === '1' && projectName !== undefined ? { ...WEB_CLIENT_STEPS['1'], projectName } : WEB_CLIENT_STEPS[step];
    const saved = await call(`${api}/sessions/${id}/wizard/step/${step}`, {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: JSON.stringify({ stepData }),
    });
    expect(saved.status).toBe(200);
  }
  return id;
}

function mailPlan(
  path: string,
  to: string,
  address = newAddress(),
  headers: Record<string, string> = {},
  body: object = {},
): Promise<JsonResponse> {
  return postJson(`${api}/${path}/generate-pdf`, { notifyEmail: to, ...body }, { ...from(address), ...headers });
}

/** Asserts a 200 with its PDF whose e-mail was held back by a limit that says `said`; the reason's wait. */
function expectHeldBack(res: JsonResponse, to: string, said: RegExp): number {
  expect(res.status).toBe(200);
  expect(res.json.pdfUrl).toMatch(/\/files\/pdfs\/(sessions|projects)\/[\w-]+\/\d+\.pdf$/);
  expect(res.json.email).toEqual({
    requested: true,
    to,
    provider: 'smtp',
    sent: false,
    messageId: '',
    reason: { code: 'RATE_LIMITED', message: expect.stringMatching(said), retryAfterSeconds: expect.any(Number) },
  });
  const { retryAfterSeconds, message } = res.json.email.reason as { retryAfterSeconds: number; message: string };
  expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(retryAfterSeconds).toBeLessThanOrEqual(WINDOW_MS / 1000);
  expect(message).toMatch(/Please wait \d+ seconds? and try again\.$/);
  return retryAfterSeconds;
}

function expectSent(res: JsonResponse, to: string): void {
  expect([res.status, res.json?.email?.to, res.json?.email?.sent, res.json?.email?.reason]).toEqual([200, to, true, undefined]);
}

it('6 plan e-mails to one recipient: exactly 5 delivered; the 6th answers 200 with its PDF, sent false and why; any spelling of the address; the window resets', async () => {
  const victim = recipient('victim');
  // From six sessions and six addresses: only the recipient's own limit can hold anything back.
  for (let mail = 1; mail <= 5; mail += 1) expectSent(await mailPlan(`sessions/${await completeSession()}`, victim), victim);
  const sixthSession = await completeSession();
  const sixth = await mailPlan(`sessions/${sixthSession}`, victim);
  const wait = expectHeldBack(sixth, victim, /^The plan was not e-mailed: too many plans have been sent to this address\./);
  // The PDF was still made and recorded.
  const download = await fetch(`${api}/sessions/${sixthSession}/download-pdf`);
  expect([download.status, download.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  expect(
    Buffer.from(await download.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  // The same mailbox spelt otherwise (upper case, a decomposed accent, spaces) is the same recipient.
  const [local, domain] = victim.split('@') as [string, string];
  const respelt = ` ${local.toUpperCase()}@${domain.toUpperCase()} `;
  const again = await mailPlan(`sessions/${await completeSession()}`, respelt);
  expectHeldBack(again, victim, /sent to this address/);
  expect(deliveredTo(victim)).toHaveLength(5);
  // Someone else's mail goes out meanwhile.
  const other = recipient('other');
  expectSent(await mailPlan(`sessions/${await completeSession()}`, other), other);
  expect(deliveredTo(other)).toHaveLength(1);

  await sleep(wait * 1000 + 300);
  expectSent(await mailPlan(`sessions/${await completeSession()}`, victim), victim);
  expect(deliveredTo(victim)).toHaveLength(6);
});

it('counts the recipient as one mailbox however its accent is written (NFC)', async () => {
  const composed = `ren\u00e9e-${RUN}-${randomUUID().slice(0, 8)}@example.org`;
  const decomposed = composed.normalize('NFD');
  for (let mail = 1; mail <= 5; mail += 1) {
    const res = await mailPlan(`sessions/${await completeSession()}`, mail % 2 ? composed : decomposed);
    expect([res.status, res.json.email.sent]).toEqual([200, true]);
  }
  const held = await mailPlan(`sessions/${await completeSession()}`, decomposed);
  expect([held.json.email.sent, held.json.email.reason?.code]).toEqual([false, 'RATE_LIMITED']);
});

it('per client address across recipients: the address’s ninth e-mail is held back; another address still sends', async () => {
  const client = newAddress();
  const sessions = [await completeSession(), await completeSession()];
  for (let mail = 0; mail < PER_IP; mail += 1) {
    const to = recipient(`class-${mail}`);
    expectSent(await mailPlan(`sessions/${sessions[mail % 2]}`, to, client), to);
  }
  const ninth = recipient('class-9');
  expectHeldBack(await mailPlan(`sessions/${await completeSession()}`, ninth, client), ninth, /e-mailed from your network\./);
  expect(deliveredTo(ninth)).toHaveLength(0);
  expectSent(await mailPlan(`sessions/${await completeSession()}`, ninth), ninth);
});

it('per session: its seventh e-mail is held back, whatever the address and recipient', async () => {
  const id = await completeSession();
  for (let mail = 0; mail < PER_SESSION_OR_USER; mail += 1) {
    const to = recipient(`session-${mail}`);
    expectSent(await mailPlan(`sessions/${id}`, to), to);
  }
  const seventh = recipient('session-7');
  expectHeldBack(await mailPlan(`sessions/${id}`, seventh), seventh, /e-mailed from this session\./);
});

it('per user for projects: the seventh e-mail across the user’s projects is held back', async () => {
  const user = await signUp(stack.url);
  const projects = [await completeProject(api, user), await completeProject(api, user)];
  for (let mail = 0; mail < PER_SESSION_OR_USER; mail += 1) {
    const to = recipient(`user-${mail}`);
    expectSent(await mailPlan(`projects/${projects[mail % 2]}`, to, newAddress(), bearer(user.accessToken)), to);
  }
  const seventh = recipient('user-7');
  expectHeldBack(
    await mailPlan(`projects/${projects[0]}`, seventh, newAddress(), bearer(user.accessToken)),
    seventh,
    /e-mailed from your account\./,
  );
});

it('a generation that fails before any e-mail could go out costs the recipient nothing', async () => {
  const to = recipient('fixing');
  const incomplete = (await call(`${api}/sessions/create`, { method: 'POST' })).json.sessionId as string;
  await saveSteps(`${api}/sessions/${incomplete}`, {}, 2);
  const failures = [
    await mailPlan(`sessions/${incomplete}`, to),
    await mailPlan(`sessions/${incomplete}`, to),
    await mailPlan(`sessions/${randomUUID()}`, to),
    await mailPlan(`sessions/${await completeSession()}`, to, newAddress(), {}, { template: { html: '<script>x</script>' } }),
    await mailPlan(`sessions/${await completeSession()}`, to, newAddress(), {}, { template: 'not an object' }),
  ];
  expect(failures.map((res) => expectEnvelope(res, res.status, res.json.error.code).code)).toEqual([
    'WIZARD_INCOMPLETE',
    'WIZARD_INCOMPLETE',
    'SESSION_NOT_FOUND',
    'INVALID_PDF_TEMPLATE',
    'INVALID_INPUT',
  ]);
  // Fixed: all five of the recipient's e-mails are still there to be sent.
  await saveSteps(`${api}/sessions/${incomplete}`);
  for (let mail = 1; mail <= 5; mail += 1) expectSent(await mailPlan(`sessions/${await completeSession()}`, to), to);
  expect(deliveredTo(to)).toHaveLength(5);
});

it('the subject carries no link from the project name; the body still shows the name', async () => {
  const linkName = 'Claim your prize at https://prize.example/win now';
  const plainName = 'Quest log redesign';
  const to = recipient('subject');
  expectSent(await mailPlan(`sessions/${await completeSession(linkName)}`, to), to);
  expectSent(await mailPlan(`sessions/${await completeSession('Visit www.prize.example')}`, to), to);
  expectSent(await mailPlan(`sessions/${await completeSession(plainName)}`, to), to);
  const [withLink, withWww, plain] = deliveredTo(to).map((mail) => mail.raw);
  for (const raw of [withLink!, withWww!]) {
    const subject = /^Subject: (.*)$/m.exec(raw)?.[1];
    expect(subject).toBe('Your evaluation plan');
  }
  expect(withLink).toContain(linkName);
  expect(/^Subject: (.*)$/m.exec(plain!)?.[1]).toBe(`Your evaluation plan: ${plainName}`);
});
