import { createHash } from 'node:crypto';
import type { Cache, CounterTouch } from '../cache/cache';
import { AppError } from '../errors/app-error';
import type { Logger } from '../logging/logger';

/** At most `limit` attempts per subject in a fixed window; a limit of 0 turns the rule off. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
  /** What the person is told first, before how long to wait (default: "Too many attempts."). */
  message?: string;
}

/** One rule applied to one subject (a client address, a session, an e-mail address). */
export interface RateLimitCheck {
  rule: RateLimitRule;
  subject: string;
}

/**
 * Fixed-window counters per rule and subject in the shared cache, so every
 * replica counts together. Subjects are hashed: e-mail addresses and client
 * addresses never become cache keys. When the cache cannot be reached the
 * attempt is let through: a Redis outage must not lock everyone out. The
 * outage is logged once by the dependency monitor (`onCacheFailure`), not per
 * attempt.
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
    if (counted && counted.count > rule.limit) throw rateLimited(rule, counted.resetInMs);
  }

  /**
   * Counts an attempt under every check at once, in one cache round trip;
   * throws RATE_LIMITED when any limit is passed, with the longest wait among
   * them. Every counter is counted, the refused attempt too: a client that
   * keeps trying while limited stays limited.
   */
  async hitAll(checks: readonly RateLimitCheck[]): Promise<void> {
    const active = checks.filter((check) => check.rule.limit > 0);
    if (active.length === 0) return;
    const states = await this.touchAll(active.map((check) => this.counter(check, 1)));
    if (!states) return;
    let refusal: { rule: RateLimitRule; resetInMs: number } | undefined;
    states.forEach((state, index) => {
      const { rule } = active[index]!;
      if (state.count > rule.limit && (!refusal || state.resetInMs > refusal.resetInMs)) refusal = { rule, resetInMs: state.resetInMs };
    });
    if (refusal) throw rateLimited(refusal.rule, refusal.resetInMs);
  }

  /**
   * Gives back the hits an attempt made under these checks, in one cache
   * round trip: for limits on failures, counted before the outcome is known
   * (so concurrent attempts cannot all pass a check that only reads) and
   * returned once the attempt succeeded. A cache failure is ignored as in
   * hitAll.
   */
  async giveBack(checks: readonly RateLimitCheck[]): Promise<void> {
    const active = checks.filter((check) => check.rule.limit > 0);
    if (active.length > 0) await this.touchAll(active.map((check) => this.counter(check, -1)));
  }

  private counter({ rule, subject }: RateLimitCheck, by: number): CounterTouch {
    return { key: `ratelimit:${rule.name}:${createHash('sha256').update(subject).digest('base64url')}`, windowMs: rule.windowMs, by };
  }

  private async touch(rule: RateLimitRule, subject: string, by: number): Promise<{ count: number; resetInMs: number } | undefined> {
    if (rule.limit <= 0) return undefined;
    return (await this.touchAll([this.counter({ rule, subject }, by)]))?.[0];
  }

  private async touchAll(counters: CounterTouch[]): Promise<Array<{ count: number; resetInMs: number }> | undefined> {
    try {
      return counters.length === 1
        ? [await this.cache.increment(counters[0]!.key, counters[0]!.windowMs, counters[0]!.by)]
        : await this.cache.incrementAll(counters);
    } catch (error) {
      this.onCacheFailure();
      this.logger.debug({ err: error }, 'rate limit not checked: cache unavailable');
      return undefined;
    }
  }
}

/** How long to wait, in the words a person reads: "1 second", "42 seconds", "3 minutes". */
export function waitInWords(seconds: number): string {
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

function rateLimited(rule: RateLimitRule, resetInMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const first = rule.message ?? 'Too many attempts.';
  return new AppError('RATE_LIMITED', `${first} Please wait ${waitInWords(retryAfterSeconds)} and try again.`, { retryAfterSeconds });
}
