import { hash } from 'node:crypto';
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
  /**
   * Set for a cap on attempts in progress rather than per window: each
   * attempt's count is given back when it ends (RateLimiter.giveBack),
   * windowMs only bounds how long a count nobody gave back (a crashed
   * process) is held, since every touch starts it afresh, and a refused
   * client is told to wait retryAfterMs rather than for the window's end.
   */
  inProgress?: { retryAfterMs: number };
}

/** One rule applied to one subject (a client address, a session, an e-mail address). */
export interface RateLimitCheck {
  rule: RateLimitRule;
  subject: string;
}

/** What RateLimiter.count found. */
export interface RateLimitTally {
  /** The checks whose counters were counted (rules on, cache reached): what giveBack may take back. */
  counted: readonly RateLimitCheck[];
  /** The RATE_LIMITED error for the limits passed among `among` (default: every check), with the longest wait; undefined when none was. */
  refusal(among?: readonly RateLimitCheck[]): AppError | undefined;
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
    const refusal = (await this.count(checks)).refusal();
    if (refusal) throw refusal;
  }

  /**
   * Counts an attempt under every check at once, in one cache round trip, as
   * hitAll does, and answers what it found instead of throwing: for a caller
   * that acts on some refusals other than by refusing the request, or gives
   * counts back later (giveBack). Nothing is counted for rules that are off,
   * nor when the cache cannot be reached (the attempt is let through).
   */
  async count(checks: readonly RateLimitCheck[]): Promise<RateLimitTally> {
    const active = checks.filter((check) => check.rule.limit > 0);
    const states = active.length === 0 ? undefined : await this.touchAll(active.map((check) => this.counter(check, 1)));
    if (!states) return { counted: [], refusal: () => undefined };
    const passed = new Map<RateLimitCheck, number>();
    states.forEach((state, index) => {
      const check = active[index]!;
      if (state.count > check.rule.limit) passed.set(check, check.rule.inProgress?.retryAfterMs ?? state.resetInMs);
    });
    return {
      counted: active,
      refusal: (among = active) => {
        let longest: { rule: RateLimitRule; waitMs: number } | undefined;
        for (const check of among) {
          const waitMs = passed.get(check);
          if (waitMs !== undefined && (!longest || waitMs > longest.waitMs)) longest = { rule: check.rule, waitMs };
        }
        return longest && rateLimited(longest.rule, longest.waitMs);
      },
    };
  }

  /**
   * Takes back one attempt under each check, in one cache round trip: an
   * attempt in progress that ended, one that turns out not to count (it
   * never happened), or one counted before its outcome was known (a limit
   * on failures: concurrent attempts cannot all pass a check that only
   * reads) that succeeded. A count that falls below zero (its window ended
   * meanwhile, or the cache lost it) is removed, so it lends nobody extra
   * attempts. Rules that are off are skipped; a cache failure is ignored as
   * in hitAll.
   */
  async giveBack(checks: readonly RateLimitCheck[]): Promise<void> {
    const counters = checks.filter((check) => check.rule.limit > 0).map((check) => this.counter(check, -1));
    if (counters.length === 0) return;
    const states = await this.touchAll(counters);
    const negative = counters.filter((_counter, index) => (states?.[index]?.count ?? 0) < 0);
    await Promise.all(negative.map(({ key }) => this.cache.delete(key).catch(() => undefined)));
  }

  /**
   * Forgets every count under these checks at once (a lockout whose reason
   * is gone: the person proved they own the address). A cache failure is
   * ignored: the counts then simply run out with their window.
   */
  async clear(checks: readonly RateLimitCheck[]): Promise<void> {
    const keys = checks.filter((check) => check.rule.limit > 0).map((check) => this.counter(check, 0).key);
    await Promise.all(keys.map((key) => this.cache.delete(key).catch(() => undefined)));
  }

  private counter({ rule, subject }: RateLimitCheck, by: number): CounterTouch {
    // One-shot hash: half the cost of a Hash object per counter (a guarded request touches up to seven).
    const key = `ratelimit:${rule.name}:${hash('sha256', subject, 'base64url')}`;
    // A count in progress lives a window after its latest start, not its first: it must not lapse while in use.
    return { key, windowMs: rule.windowMs, by, ...(rule.inProgress && by > 0 ? { restartWindow: true } : {}) };
  }

  private async touch(rule: RateLimitRule, subject: string, by: number): Promise<{ count: number; resetInMs: number } | undefined> {
    if (rule.limit <= 0) return undefined;
    return (await this.touchAll([this.counter({ rule, subject }, by)]))?.[0];
  }

  private async touchAll(counters: CounterTouch[]): Promise<Array<{ count: number; resetInMs: number }> | undefined> {
    try {
      return counters.length === 1 && !counters[0]!.restartWindow
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
