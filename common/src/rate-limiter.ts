import { createHash } from 'node:crypto';
import type { Cache } from './cache/cache';
import { AppError } from './errors';
import type { Logger } from './logger';

/** At most `limit` attempts per subject in a fixed window; a limit of 0 turns the rule off. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the shared cache, so every replica counts
 * together. Subjects are hashed: e-mail addresses never become cache keys.
 * When the cache cannot be reached the attempt is let through (and logged):
 * a Redis outage must not lock everyone out of their account.
 */
export class RateLimiter {
  constructor(
    private readonly cache: Cache,
    private readonly logger: Logger,
  ) {}

  /** Counts an attempt; throws RATE_LIMITED with retryAfterSeconds once the rule's limit is passed. */
  async hit(rule: RateLimitRule, subject: string): Promise<void> {
    if (rule.limit <= 0) return;
    const key = `ratelimit:${rule.name}:${createHash('sha256').update(subject).digest('base64url')}`;
    let counted: { count: number; resetInMs: number };
    try {
      counted = await this.cache.increment(key, rule.windowMs);
    } catch (error) {
      this.logger.warn({ err: error, rule: rule.name }, 'rate limit not checked: cache unavailable');
      return;
    }
    if (counted.count > rule.limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil(counted.resetInMs / 1000));
      const wait = retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`;
      throw new AppError('RATE_LIMITED', `Too many attempts. Please wait ${wait} and try again.`, {
        retryAfterSeconds,
      });
    }
  }
}
