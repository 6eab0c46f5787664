import { type Cache, cacheCheck } from '../cache/cache';
import type { DependencySettings, RuntimeSettings } from '../config';
import { databaseCheck } from '../db/database';
import type { Database } from '../db/queryable';
import type { Logger } from '../logging/logger';
import { type DependencyCheck, DependencyMonitor } from './monitor';
import { waitForDependencies } from './wait';

/** The readiness timeout of one dependency check (the contract's "short dependency timeout"). */
export const DEPENDENCY_CHECK_TIMEOUT_MS = 1_000;

/** What can go away: a PostgreSQL server and a Redis server (embedded ones cannot). */
function dependencyChecks(db: Database | undefined, cache: Cache | undefined): DependencyCheck[] {
  return [db && databaseCheck(db), cache && cacheCheck(cache)].filter((check): check is DependencyCheck => check !== undefined);
}

/** A process's PostgreSQL and Redis, as start-up waits for them and the monitor then watches them. */
export interface ProcessDependencies {
  checks: DependencyCheck[];
  monitor: DependencyMonitor;
  /** Waits until each answers (DEPENDENCY_WAIT_TIMEOUT, doubling retries); rejects when the time runs out or `signal` aborts. */
  waitUntilReachable(signal: AbortSignal): Promise<void>;
}

/** The dependencies of a component (gateway or service) with the settings in `config`. */
export function processDependencies(
  db: Database | undefined,
  cache: Cache | undefined,
  config: DependencySettings & Pick<RuntimeSettings, 'incidentSummaryIntervalMs'>,
  logger: Logger,
): ProcessDependencies {
  const checks = dependencyChecks(db, cache);
  const monitor = new DependencyMonitor(checks, {
    logger,
    intervalMs: config.dependencyCheckIntervalMs,
    timeoutMs: DEPENDENCY_CHECK_TIMEOUT_MS,
    summaryIntervalMs: config.incidentSummaryIntervalMs,
  });
  return {
    checks,
    monitor,
    waitUntilReachable: (signal) =>
      waitForDependencies(checks, {
        logger,
        timeoutMs: config.dependencyWaitTimeoutMs,
        maxDelayMs: config.dependencyRetryMaxDelayMs,
        attemptTimeoutMs: DEPENDENCY_CHECK_TIMEOUT_MS,
        signal,
      }),
  };
}
