import { createHash } from 'node:crypto';
import { type Cache } from '@evalplan/common/cache';
import { AppError } from '@evalplan/common/errors';
import { type Logger } from '@evalplan/common/logging';

/** At most `limit` attempts per subject in a fixed window; a limit of 0 turns the rule off. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Login and register attempts per client address and per e-mail (auth-service's
 * own: nothing else limits attempts). Fixed-window counters in the shared cache, so every replica counts
 * together. Subjects are hashed: e-mail addresses never become cache keys.
 * When the cache cannot be reached the attempt is let through: a Redis
 * outage must not lock everyone out of their account. The outage is logged
 * once by the dependency monitor (`onCacheFailure`), not per attempt.
 */
export class RateLimiter {
  constructor(
    private readonly cache: Cache,
    private readonly logger: Logger,
    private readonly onCacheFailure: () => void = () => undefined,
  ) {}

  /** Counts an attempt; throws RATE_LIMITED once the rule's limit is passed. */
  async hit(rule: RateLimitRule, subject: string): Promise<void> {
    const counted = await this.touch(rule, subject, 1);
    if (counted && counted.count > rule.limit) throw rateLimited(counted.resetInMs);
  }

  /** Throws RATE_LIMITED when the limit is already used up, without counting this attempt. */
  async ensureAllowed(rule: RateLimitRule, subject: string): Promise<void> {
    const counted = await this.touch(rule, subject, 0);
    if (counted && counted.count >= rule.limit) throw rateLimited(counted.resetInMs);
  }

  /** Counts an attempt that has already been answered (a failure), without refusing anything. */
  async record(rule: RateLimitRule, subject: string): Promise<void> {
    await this.touch(rule, subject, 1);
  }

  private async touch(rule: RateLimitRule, subject: string, by: number): Promise<{ count: number; resetInMs: number } | undefined> {
    if (rule.limit <= 0) return undefined;
    const key = `ratelimit:${rule.name}:${createHash('sha256').update(subject).digest('base64url')}`;
    try {
      return await this.cache.increment(key, rule.windowMs, by);
    } catch (error) {
      this.onCacheFailure();
      this.logger.debug({ err: error, rule: rule.name }, 'rate limit not checked: cache unavailable');
      return undefined;
    }
  }
}

function rateLimited(resetInMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const wait = retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`;
  return new AppError('RATE_LIMITED', `Too many attempts. Please wait ${wait} and try again.`, { retryAfterSeconds });
}

/**
 * The subject a client address is limited under: IPv4 as is (also when
 * written IPv4-mapped), IPv6 by its /64, since one holder usually has a whole
 * /64 to rotate through.
 */
export function clientAddressSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
