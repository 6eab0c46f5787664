import { MemoryCache } from '@evalplan/common/cache';
import { AppError } from '@evalplan/common/errors';
import { createLogger } from '@evalplan/common/logging';
import { RateLimiter } from '@evalplan/common/rate-limit';
import type { Context } from 'koa';
import { loadGatewayConfig } from '../config';
import { activityCallerOf, ClientLimits, type MailNotSentReason, recipientOf, sentNoMail } from './client-limits';
import { clientLimitRules } from './rules';

const logger = createLogger({ name: 'test', level: 'silent' });

/** The parts of a Koa context the limits read. */
function request(ip: string, body: unknown = {}, userId?: string): Context {
  return { ip, state: userId ? { user: { id: userId } } : {}, request: { body } } as unknown as Context;
}

function limitsWith(env: Record<string, string>, cache: MemoryCache): ClientLimits {
  const config = loadGatewayConfig({ NODE_ENV: 'test', ...env });
  return new ClientLimits(clientLimitRules(config.clientLimits, 60_000), new RateLimiter(cache, logger));
}

async function refusal(attempt: Promise<unknown>): Promise<AppError | undefined> {
  return attempt.then(
    () => undefined,
    (error: unknown) => (error instanceof AppError ? error : undefined),
  );
}

describe('recipientOf', () => {
  it('counts every spelling of one mailbox as one: trimmed, lower-cased, NFC', () => {
    const composed = recipientOf({ notifyEmail: '  Kat\u00e9@Example.org ' });
    const decomposed = recipientOf({ notifyEmail: 'KATE\u0301@EXAMPLE.ORG' });
    expect(composed).toBe('kat\u00e9@example.org');
    expect(decomposed).toBe(composed);
  });

  it('counts a +tag of a mailbox as the mailbox itself', () => {
    expect(recipientOf({ notifyEmail: 'ada+plan1@example.org' })).toBe('ada@example.org');
    expect(recipientOf({ notifyEmail: 'Ada+x+y@Example.org' })).toBe('ada@example.org');
    // A local part that starts with + has no tag to drop.
    expect(recipientOf({ notifyEmail: '+ada@example.org' })).toBe('+ada@example.org');
  });

  it('counts nothing when no e-mail is asked for, or for what pdf-service refuses as no address', () => {
    expect(
      [{}, { notifyEmail: null }, { notifyEmail: 7 }, { notifyEmail: '   ' }, { notifyEmail: `${'a'.repeat(250)}@x.org` }, []].map(
        recipientOf,
      ),
    ).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('activityCallerOf', () => {
  it('is the signed-in user, else the event’s session, else nobody', () => {
    expect(activityCallerOf(request('::1', { sessionId: 's1' }, 'u1'))).toEqual({ kind: 'user', id: 'u1' });
    expect(activityCallerOf(request('::1', { sessionId: 's1' }))).toEqual({ kind: 'session', id: 's1' });
    expect(activityCallerOf(request('::1', { sessionId: 7 }))).toBeUndefined();
    expect(activityCallerOf(request('::1', { sessionId: 'x'.repeat(129) }))).toBeUndefined();
  });
});

describe('sentNoMail', () => {
  it('is true for failures before any e-mail could go out, false where one may have or did', () => {
    expect(
      ['INVALID_INPUT', 'INVALID_NOTIFY_EMAIL', 'WIZARD_INCOMPLETE', 'SESSION_NOT_FOUND', 'PDF_GENERATION_FAILED'].map((code) =>
        sentNoMail(new AppError(code as 'INVALID_INPUT')),
      ),
    ).toEqual([true, true, true, true, true]);
    expect(sentNoMail(new AppError('SESSION_NOT_FOUND', undefined, { emailSent: true }))).toBe(false);
    expect(
      ['REQUEST_CANCELLED', 'SERVICE_UNAVAILABLE', 'INTERNAL_SERVER_ERROR'].map((code) =>
        sentNoMail(new AppError(code as 'INVALID_INPUT')),
      ),
    ).toEqual([false, false, false]);
    expect(sentNoMail(new Error('unexpected'))).toBe(false);
  });
});

describe('ClientLimits.generating', () => {
  let cache: MemoryCache;
  beforeEach(() => {
    cache = new MemoryCache();
  });
  afterEach(() => cache.close());

  const session = { kind: 'session' as const, id: 's1' };

  it('costs one cache round trip to start and one to end; none at all with every limit off', async () => {
    const trips = jest.spyOn(cache, 'incrementAll');
    const limits = limitsWith({}, cache);
    await limits.generating(request('203.0.113.1'), session, 'ada@example.org', async () => 'pdf');
    expect(trips).toHaveBeenCalledTimes(2);
    // The start counts seven counters in its one trip: two windows, two in progress, three for the e-mail.
    expect(trips.mock.calls[0]![0]).toHaveLength(7);
    // The end gives back the two in progress.
    expect(trips.mock.calls[1]![0].map((touch) => touch.by)).toEqual([-1, -1]);

    trips.mockClear();
    const off = limitsWith(
      {
        PDF_RATE_LIMIT_PER_IP: '0',
        PDF_RATE_LIMIT_PER_SESSION_OR_USER: '0',
        PDF_RENDERS_IN_PROGRESS_PER_SESSION_OR_USER: '0',
        PDF_RENDERS_IN_PROGRESS_PER_IP: '0',
        PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT: '0',
        PLAN_MAIL_RATE_LIMIT_PER_IP: '0',
        PLAN_MAIL_RATE_LIMIT_PER_SESSION_OR_USER: '0',
      },
      cache,
    );
    await off.generating(request('203.0.113.1'), session, 'ada@example.org', async () => 'pdf');
    expect(trips).not.toHaveBeenCalled();
  });

  it('holds the e-mail back past a mail limit, tells run why, and counts only the e-mails handed on', async () => {
    const limits = limitsWith({ PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT: '2' }, cache);
    const reasons: Array<MailNotSentReason | undefined> = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await limits.generating(
        request(`203.0.113.${attempt + 10}`),
        { kind: 'session', id: `s${attempt}` },
        'ada@example.org',
        async (withhold) => reasons.push(withhold),
      );
    }
    expect(reasons.slice(0, 2)).toEqual([undefined, undefined]);
    expect(reasons[2]).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^The plan was not e-mailed: too many plans have been sent to this address\. Please wait \d+ minutes and try again\.$/,
      ),
      retryAfterSeconds: expect.any(Number),
    });
    expect(reasons[3]).toEqual(reasons[2]);
    // A held-back e-mail gave its counts back: 203.0.113.12's was held back, so that address has sent none yet.
    expect(
      await limitsWith({ PLAN_MAIL_RATE_LIMIT_PER_IP: '1' }, cache).generating(
        request('203.0.113.12'),
        session,
        'bob@example.org',
        async (w) => w,
      ),
    ).toBeUndefined();
  });

  it('gives the e-mail’s counts back when the generation failed before any e-mail went out, and keeps them when one may have', async () => {
    const limits = limitsWith({ PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT: '1' }, cache);
    const attempt = (failure?: AppError) =>
      limits.generating(request('203.0.113.20'), session, 'ada@example.org', async (withhold) => {
        if (failure) throw failure;
        return withhold;
      });
    await expect(attempt(new AppError('WIZARD_INCOMPLETE'))).rejects.toThrow();
    await expect(attempt(new AppError('INVALID_PDF_TEMPLATE'))).rejects.toThrow();
    // Fixing the wizard cost nothing: this one is sent.
    expect(await attempt()).toBeUndefined();
    expect((await attempt())?.code).toBe('RATE_LIMITED');

    const other = limitsWith({ PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT: '1' }, cache);
    const run = (failure?: AppError) =>
      other.generating(request('203.0.113.21'), session, 'eve@example.org', async (withhold) => {
        if (failure) throw failure;
        return withhold;
      });
    await expect(run(new AppError('SESSION_NOT_FOUND', undefined, { emailSent: true }))).rejects.toThrow();
    expect((await run())?.code).toBe('RATE_LIMITED');
  });

  it('refuses past a window or the renders in progress with 429 before running, and gives back what it took', async () => {
    const limits = limitsWith({ PDF_RENDERS_IN_PROGRESS_PER_SESSION_OR_USER: '2', PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT: '3' }, cache);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = [1, 2].map(() => limits.generating(request('203.0.113.30'), session, 'ada@example.org', () => held));
    await new Promise((resolve) => setImmediate(resolve));
    const runs: number[] = [];
    const refused = await refusal(limits.generating(request('203.0.113.31'), session, 'ada@example.org', async () => runs.push(1)));
    expect(runs).toEqual([]);
    expect(refused?.message).toBe('Too many PDFs are being made for this session at once. Please wait 2 seconds and try again.');
    expect(refused?.details).toEqual({ retryAfterSeconds: 2 });
    // Another session is not affected.
    await limits.generating(request('203.0.113.31'), { kind: 'session', id: 'other' }, undefined, async () => undefined);
    release();
    await Promise.all(running);
    // Both slots are free again, and the refused attempt's e-mail did not count: the third e-mail is still sent.
    expect(await limits.generating(request('203.0.113.32'), session, 'ada@example.org', async (withhold) => withhold)).toBeUndefined();
  });

  it('lets every request through while the cache is away, and tells the dependency monitor', async () => {
    const away = Object.assign(new MemoryCache(), {
      incrementAll: () => Promise.reject(new Error('Redis away')),
      increment: () => Promise.reject(new Error('Redis away')),
    });
    let reported = 0;
    const config = loadGatewayConfig({
      NODE_ENV: 'test',
      PDF_RENDERS_IN_PROGRESS_PER_SESSION_OR_USER: '1',
      SESSION_CREATE_RATE_LIMIT_PER_IP: '1',
    });
    const limits = new ClientLimits(clientLimitRules(config.clientLimits, 60_000), new RateLimiter(away, logger, () => (reported += 1)));
    const results = await Promise.all(
      [1, 2, 3].map(() => limits.generating(request('203.0.113.50'), session, 'ada@example.org', async (w) => w ?? 'sent')),
    );
    expect(results).toEqual(['sent', 'sent', 'sent']);
    let created = 0;
    for (let attempt = 0; attempt < 3; attempt += 1) await limits.sessionCreation(request('203.0.113.50'), async () => void (created += 1));
    expect(created).toBe(3);
    expect(reported).toBeGreaterThanOrEqual(6);
    await away.close();
  });

  it('gives the renders in progress back when run fails or its client leaves', async () => {
    const limits = limitsWith({ PDF_RENDERS_IN_PROGRESS_PER_SESSION_OR_USER: '1' }, cache);
    await expect(
      limits.generating(request('203.0.113.40'), session, undefined, () => Promise.reject(new AppError('REQUEST_CANCELLED'))),
    ).rejects.toThrow();
    await expect(limits.generating(request('203.0.113.40'), session, undefined, async () => 'ok')).resolves.toBe('ok');
  });
});
