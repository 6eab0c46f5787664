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
