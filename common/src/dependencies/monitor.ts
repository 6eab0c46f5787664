import { IncidentLog } from '../logging/incident-log';
import type { Logger } from '../logging/logger';

/** Something a process needs that can go away: PostgreSQL, Redis. */
export interface DependencyCheck {
  /** As /ready and the logs name it: "database", "cache". */
  name: string;
  /** For people reading the logs: "PostgreSQL", "Redis". */
  label: string;
  /** Resolves when the dependency answers within timeoutMs. */
  ping(timeoutMs: number): Promise<void>;
}

export interface DependencyMonitorOptions {
  logger: Logger;
  /** How often a dependency that is up is checked. */
  intervalMs: number;
  /** How long a check may take before the dependency counts as unreachable. */
  timeoutMs: number;
  /** Longest time between two log lines about one outage. */
  summaryIntervalMs: number;
}

interface Watched {
  check: DependencyCheck;
  up: boolean;
  incident: IncidentLog;
}

/** While something is down it is checked this often, so recovery shows within a second. */
const DOWN_INTERVAL_MS = 500;
/** Failures reported by requests trigger at most one extra check in this time. */
const REPORT_DEBOUNCE_MS = 250;

/**
 * Knows whether each of a process's dependencies answers: checks them on a
 * timer (faster while one is down) and at once when a request failed in a
 * way that points at one. Tells listeners when the whole turns healthy or
 * not (gRPC health, readiness), and logs each outage once when it starts,
 * with a summary while it lasts and its totals when it ends.
 */
export class DependencyMonitor {
  private readonly watched: Watched[];
  private readonly listeners = new Set<(healthy: boolean) => void>();
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private lastReportCheck = 0;
  private stopped = true;

  constructor(
    checks: DependencyCheck[],
    private readonly options: DependencyMonitorOptions,
  ) {
    this.watched = checks.map((check) => ({
      check,
      up: true,
      incident: new IncidentLog({
        logger: options.logger,
        fields: { dependency: check.name },
        countField: 'refused_requests',
        messages: {
          started: `${check.label} unreachable`,
          ongoing: `${check.label} still unreachable`,
          ended: `${check.label} reachable again`,
        },
        summaryIntervalMs: options.summaryIntervalMs,
      }),
    }));
  }

  /** True when every dependency answered its last check. */
  get healthy(): boolean {
    return this.watched.every((item) => item.up);
  }

  /** The state of one dependency by name; dependencies this monitor does not watch count as up. */
  isUp(name: string): boolean {
    return this.watched.find((item) => item.check.name === name)?.up ?? true;
  }

  /** Called with the overall state whenever one dependency's state changes. */
  onChange(listener: (healthy: boolean) => void): void {
    this.listeners.add(listener);
  }

  /** Checks everything now, then keeps checking on the timer. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.checkNow();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const item of this.watched) item.incident.end({}, `${item.check.label} still unreachable at shutdown`);
  }

  /**
   * A request failed because a dependency did not answer. It is counted
   * against the dependencies already known to be down, and a check runs
   * now (at most one per REPORT_DEBOUNCE_MS) to find out which one it was.
   */
  reportFailure(): void {
    for (const item of this.watched) if (!item.up) item.incident.add();
    const now = Date.now();
    if (this.stopped || now - this.lastReportCheck < REPORT_DEBOUNCE_MS) return;
    this.lastReportCheck = now;
    void this.checkNow();
  }

  /** One round of checks (a round already running is joined, not doubled). */
  checkNow(): Promise<void> {
    this.checking ??= this.runChecks().finally(() => {
      this.checking = undefined;
      this.schedule();
    });
    return this.checking;
  }

  private async runChecks(): Promise<void> {
    let changed = false;
    await Promise.all(
      this.watched.map(async (item) => {
        try {
          await item.check.ping(this.options.timeoutMs);
          if (!item.up) {
            item.up = true;
            changed = true;
            item.incident.end();
          }
        } catch (error) {
          if (item.up) {
            item.up = false;
            changed = true;
            item.incident.start({ error: error instanceof Error ? error.message : String(error) });
          }
        }
      }),
    );
    if (!changed) return;
    const healthy = this.healthy;
    for (const listener of this.listeners) listener(healthy);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.stopped || this.watched.length === 0) return;
    this.timer = setTimeout(() => void this.checkNow(), this.healthy ? this.options.intervalMs : DOWN_INTERVAL_MS);
    this.timer.unref();
  }
}
