import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logging/logger';
import type { DependencyCheck } from './monitor';

export interface WaitOptions {
  logger: Logger;
  /** Give up after this long (DEPENDENCY_WAIT_TIMEOUT). */
  timeoutMs: number;
  /** Cap of the doubling delay between attempts (DEPENDENCY_RETRY_MAX_DELAY). */
  maxDelayMs: number;
  /** How long one attempt may take. */
  attemptTimeoutMs: number;
  /** Aborted when the process is told to stop while it still waits. */
  signal?: AbortSignal;
}

const FIRST_DELAY_MS = 250;

/**
 * Start-up in a cluster: pods start before their database. Tries each
 * dependency until it answers, with a doubling delay (capped), logging each
 * failed attempt; all are waited for side by side. Rejects with one clear
 * message naming what never answered once `timeoutMs` has passed.
 */
export async function waitForDependencies(checks: DependencyCheck[], options: WaitOptions): Promise<void> {
  const giveUpAt = Date.now() + options.timeoutMs;
  await Promise.all(
    checks.map(async (check) => {
      for (let attempt = 1; ; attempt += 1) {
        options.signal?.throwIfAborted();
        try {
          await check.ping(Math.min(options.attemptTimeoutMs, Math.max(1, giveUpAt - Date.now())));
          if (attempt > 1) options.logger.info({ dependency: check.name, attempts: attempt }, `${check.label} reachable`);
          return;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const delayMs = Math.min(options.maxDelayMs, FIRST_DELAY_MS * 2 ** (attempt - 1));
          if (Date.now() + delayMs >= giveUpAt) {
            throw new Error(`${check.label} was not reachable within ${Math.round(options.timeoutMs / 1000)} s (last error: ${reason})`, {
              cause: error,
            });
          }
          options.logger.warn(
            { dependency: check.name, attempt, retry_in_ms: delayMs, error: reason },
            `${check.label} not reachable yet; retrying`,
          );
          await sleep(delayMs, undefined, { signal: options.signal });
        }
      }
    }),
  );
}
