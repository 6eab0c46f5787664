import { MemoryCache } from '../cache/cache';
import { AppError } from '../errors/app-error';
import { createLogger } from '../logging/logger';
import { RateLimiter, waitInWords } from './rate-limiter';

const logger = createLogger({ name: 'test', level: 'silent' });
const perMinute = (name: string, limit: number) => ({ name, limit, windowMs: 60_000 });

async function refusal(attempt: Promise<void>): Promise<AppError> {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error('expected RATE_LIMITED');
  return error;
}

describe('RateLimiter.hitAll', () => {
  let cache: MemoryCache;
  let limiter: RateLimiter;
  beforeEach(() => {
    cache = new MemoryCache();
    limiter = new RateLimiter(cache, logger);
  });
  afterEach(() => cache.close());

  it('refuses the attempt past any one limit, with that rule’s words and its wait', async () => {
    const perIp = { ...perMinute('ip', 3), message: 'Too many new sessions from your network.' };
    const perSession = perMinute('session', 10);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await limiter.hitAll([
        { rule: perIp, subject: '203.0.113.7' },
        { rule: perSession, subject: 's1' },
      ]);
    }
    const error = await refusal(
      limiter.hitAll([
        { rule: perIp, subject: '203.0.113.7' },
        { rule: perSession, subject: 's1' },
      ]),
    );
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe('Too many new sessions from your network. Please wait 60 seconds and try again.');
    expect(error.details).toEqual({ retryAfterSeconds: 60 });
    // Another address is counted apart.
    await expect(limiter.hitAll([{ rule: perIp, subject: '203.0.113.8' }])).resolves.toBeUndefined();
  });

  it('names the longest wait when several limits are passed at once', async () => {
    const short = perMinute('short', 1);
    const long = { name: 'long', limit: 1, windowMs: 3_600_000 };
    const checks = [
      { rule: short, subject: 'x' },
      { rule: long, subject: 'x' },
    ];
    await limiter.hitAll(checks);
    const error = await refusal(limiter.hitAll(checks));
    expect(error.details).toEqual({ retryAfterSeconds: 3600 });
    expect(error.message).toBe('Too many attempts. Please wait 60 minutes and try again.');
  });

  it('leaves rules with a limit of 0 alone, and asks nothing of the cache when all are off', async () => {
    const incrementAll = jest.spyOn(cache, 'incrementAll');
    for (let attempt = 0; attempt < 5; attempt += 1) await limiter.hitAll([{ rule: perMinute('off', 0), subject: 'x' }]);
    expect(incrementAll).not.toHaveBeenCalled();
  });

  it('counts concurrent attempts before any outcome: past the limit they are refused, however many start at once', async () => {
    const perAccount = perMinute('account', 3);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => limiter.hitAll([{ rule: perAccount, subject: 'a' }])));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
  });

  it('takes back what giveBack returns, so that only failures use up an allowance', async () => {
    const perAccount = perMinute('account', 2);
    const checks = [
      { rule: perAccount, subject: 'a' },
      { rule: perMinute('off', 0), subject: 'a' },
    ];
    for (let success = 0; success < 5; success += 1) {
      await limiter.hitAll(checks);
      await limiter.giveBack(checks);
    }
    await limiter.hitAll(checks);
    await limiter.hitAll(checks);
    const error = await refusal(limiter.hitAll(checks));
    expect(error.code).toBe('RATE_LIMITED');
  });

  it('lets the attempt through when the cache cannot be reached, and says so once per attempt to the monitor', async () => {
    const failures: number[] = [];
    const broken = new RateLimiter(
      Object.assign(new MemoryCache(), {
        incrementAll: () => Promise.reject(new Error('Redis away')),
        increment: () => Promise.reject(new Error('Redis away')),
      }),
      logger,
      () => failures.push(1),
    );
    await expect(
      broken.hitAll([
        { rule: perMinute('ip', 1), subject: 'x' },
        { rule: perMinute('s', 1), subject: 'y' },
      ]),
    ).resolves.toBeUndefined();
    await expect(broken.hit(perMinute('ip', 1), 'x')).resolves.toBeUndefined();
    expect(failures).toHaveLength(2);
  });
});

describe('RateLimiter.count and giveBack', () => {
  let cache: MemoryCache;
  let limiter: RateLimiter;
  beforeEach(() => {
    cache = new MemoryCache();
    limiter = new RateLimiter(cache, logger);
  });
  afterEach(() => cache.close());

  const inProgress = { name: 'busy', limit: 2, windowMs: 60_000, message: 'Too many at once.', inProgress: { retryAfterMs: 2_000 } };

  it('answers refusals per group of checks in one round trip, without throwing', async () => {
    const incrementAll = jest.spyOn(cache, 'incrementAll');
    const strict = { rule: perMinute('strict', 1), subject: 'x' };
    const loose = { rule: perMinute('loose', 10), subject: 'x' };
    await limiter.count([strict, loose]);
    const tally = await limiter.count([strict, loose]);
    expect(incrementAll).toHaveBeenCalledTimes(2);
    expect(tally.counted).toEqual([strict, loose]);
    expect(tally.refusal([loose])).toBeUndefined();
    expect(tally.refusal([strict])?.code).toBe('RATE_LIMITED');
    expect(tally.refusal()?.details).toEqual({ retryAfterSeconds: 60 });
  });

  it('caps attempts in progress: a refused one waits retryAfterMs, and given-back counts free the slots', async () => {
    const check = { rule: inProgress, subject: 's1' };
    const first = await limiter.count([check]);
    await limiter.count([check]);
    const third = await limiter.count([check]);
    const refusal = third.refusal();
    expect(refusal?.message).toBe('Too many at once. Please wait 2 seconds and try again.');
    expect(refusal?.details).toEqual({ retryAfterSeconds: 2 });
    expect(first.refusal()).toBeUndefined();
    // The refused one and one that ended give theirs back: one slot is free again.
    await limiter.giveBack([check, check]);
    expect((await limiter.count([check])).refusal()).toBeUndefined();
    expect((await limiter.count([check])).refusal()?.code).toBe('RATE_LIMITED');
  });

  it('keeps a count in progress alive while attempts keep starting, and lets it lapse a window after the last', async () => {
    const short = { rule: { ...inProgress, windowMs: 200 }, subject: 's2' };
    await limiter.count([short]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await limiter.count([short]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    // 300 ms after the first start, 150 after the last: both still held.
    expect((await limiter.count([short])).refusal()?.code).toBe('RATE_LIMITED');
    await new Promise((resolve) => setTimeout(resolve, 250));
    // Nobody gave them back (a crashed process): gone a window after the last start.
    expect((await limiter.count([short])).refusal()).toBeUndefined();
  });

  it('removes a count that a give-back took below zero, so it lends nobody extra attempts', async () => {
    const check = { rule: inProgress, subject: 's3' };
    await limiter.giveBack([check]);
    await limiter.count([check]);
    await limiter.count([check]);
    expect((await limiter.count([check])).refusal()?.code).toBe('RATE_LIMITED');
  });

  it('counts nothing and gives nothing back for rules that are off, and nothing when the cache is away', async () => {
    const incrementAll = jest.spyOn(cache, 'incrementAll');
    const increment = jest.spyOn(cache, 'increment');
    const tally = await limiter.count([{ rule: perMinute('off', 0), subject: 'x' }]);
    expect(tally.counted).toEqual([]);
    await limiter.giveBack(tally.counted);
    expect([incrementAll.mock.calls.length, increment.mock.calls.length]).toEqual([0, 0]);

    const failures: number[] = [];
    const broken = new RateLimiter(
      Object.assign(new MemoryCache(), { incrementAll: () => Promise.reject(new Error('Redis away')) }),
      logger,
      () => failures.push(1),
    );
    const away = await broken.count([{ rule: inProgress, subject: 'x' }]);
    expect([away.counted, away.refusal(), failures.length]).toEqual([[], undefined, 1]);
  });
});

describe('RateLimiter.clear', () => {
  it('forgets the counts under the checks it is given, and only those', async () => {
    const cache = new MemoryCache();
    const limiter = new RateLimiter(cache, logger);
    const rule = { name: 'login-email', limit: 2, windowMs: 60_000 };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await limiter.hitAll([
        { rule, subject: 'locked@example.org' },
        { rule, subject: 'other@example.org' },
      ]);
    }
    await limiter.clear([{ rule, subject: 'locked@example.org' }]);
    await expect(limiter.hitAll([{ rule, subject: 'locked@example.org' }])).resolves.toBeUndefined();
    await expect(limiter.hitAll([{ rule, subject: 'other@example.org' }])).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await cache.close();
  });
});

describe('waitInWords', () => {
  it('says seconds up to two minutes, then whole minutes rounded up', () => {
    expect([1, 2, 119, 120, 121, 3600].map(waitInWords)).toEqual([
      '1 second',
      '2 seconds',
      '119 seconds',
      '2 minutes',
      '3 minutes',
      '60 minutes',
    ]);
  });
});
