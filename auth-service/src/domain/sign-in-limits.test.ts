import { MemoryCache } from '@evalplan/common/cache';
import { createLogger } from '@evalplan/common/logging';
import { RateLimiter, type RateLimitCheck } from '@evalplan/common/rate-limit';
import { SignInLimits } from './sign-in-limits';

const HOUR_MS = 3_600_000;
const settings = { perIp: 60, perEmail: 10, windowMs: 60_000, perIpHourly: 300, perEmailHourly: 50 };

const summary = (checks: RateLimitCheck[]) => checks.map(({ rule, subject }) => [rule.name, rule.limit, rule.windowMs, subject]);

describe('SignInLimits', () => {
  const limits = new SignInLimits(settings);

  it('counts a login per client address and per e-mail address, each in a short window and in the hour', () => {
    expect(summary(limits.loginChecks('::ffff:203.0.113.9', { email: 'ada@example.com' }))).toEqual([
      ['login-ip', 60, 60_000, '203.0.113.9'],
      ['login-ip-hourly', 300, HOUR_MS, '203.0.113.9'],
      ['login-email', 10, 60_000, 'ada@example.com'],
      ['login-email-hourly', 50, HOUR_MS, 'ada@example.com'],
    ]);
  });

  it('counts a login from a device the account knows per device instead of per address, still per client address', () => {
    expect(summary(limits.loginChecks('203.0.113.9', { deviceId: 'device-1' }))).toEqual([
      ['login-ip', 60, 60_000, '203.0.113.9'],
      ['login-ip-hourly', 300, HOUR_MS, '203.0.113.9'],
      ['login-device', 10, 60_000, 'device-1'],
      ['login-device-hourly', 50, HOUR_MS, 'device-1'],
    ]);
    expect(summary(limits.loginAddressChecks('ada@example.com')).map(([name]) => name)).toEqual(['login-email', 'login-email-hourly']);
  });

  it('limits the password checks of signed-in people per account, each use on its own counters, in a window and in the hour', () => {
    expect(summary(limits.passwordChangeChecks('u1'))).toEqual([
      ['password-change-user', 10, 60_000, 'u1'],
      ['password-change-user-hourly', 50, HOUR_MS, 'u1'],
    ]);
    expect(summary(limits.deleteAccountChecks('u1')).map(([name]) => name)).toEqual(['delete-account-user', 'delete-account-user-hourly']);
  });

  it('counts register per client address and per address in the short window only', () => {
    expect(summary(limits.registerChecks('203.0.113.9', 'ada@example.com'))).toEqual([
      ['register-ip', 60, 60_000, '203.0.113.9'],
      ['register-email', 10, 60_000, 'ada@example.com'],
    ]);
  });

  it('with the limiter: the hourly ceiling holds when the short window lets attempts through again, and a device is counted apart', async () => {
    const cache = new MemoryCache();
    try {
      const limiter = new RateLimiter(cache, createLogger({ name: 'test', level: 'silent' }));
      const small = new SignInLimits({ perIp: 0, perEmail: 3, windowMs: 100, perIpHourly: 0, perEmailHourly: 5 });
      const attempt = (subject: { email: string } | { deviceId: string }) =>
        limiter.hitAll(small.loginChecks('203.0.113.9', subject)).then(
          () => 'checked',
          (error: { details: { retryAfterSeconds: number } }) => error.details.retryAfterSeconds,
        );
      const address = { email: 'ada@example.com' };
      expect([await attempt(address), await attempt(address), await attempt(address)]).toEqual(['checked', 'checked', 'checked']);
      expect(await attempt(address)).toBe(1);
      // A new short window, the same hour: one more (the refused attempt counted too), then the hour is used up.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await attempt(address)).toBe('checked');
      expect(await attempt(address)).toBeGreaterThan(3_500);
      // The owner's device has counters of its own.
      expect(await attempt({ deviceId: 'owner-laptop' })).toBe('checked');
    } finally {
      await cache.close();
    }
  });
});
