import type { Logger } from './logger';

export interface IncidentLogOptions {
  logger: Logger;
  /** Fields on every line, e.g. { dependency: 'database' }. */
  fields: Record<string, unknown>;
  /** What the count counts, as a log field, e.g. "refused_requests" or "dropped_events". */
  countField: string;
  messages: { started: string; ongoing: string; ended: string };
  /** Longest time between two lines while the incident lasts. */
  summaryIntervalMs: number;
}

/**
 * The log of something that goes wrong for a while (a dependency away,
 * events being dropped): one warning when it starts, a summary at most every
 * summaryIntervalMs while it lasts, and one line with the totals when it
 * ends, instead of a line (and a stack) per failed request. Counts what it
 * was told about, per incident and in total.
 */
export class IncidentLog {
  private startedAt: number | undefined;
  private countSinceStart = 0;
  private countSinceSummary = 0;
  private countTotal = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: IncidentLogOptions) {}

  get open(): boolean {
    return this.startedAt !== undefined;
  }

  /** Everything counted since the process started. */
  get total(): number {
    return this.countTotal;
  }

  /** Starts an incident (if none is open) and counts `count` more of what it is about. */
  add(count = 1, details: Record<string, unknown> = {}): void {
    this.start(details);
    this.countSinceStart += count;
    this.countSinceSummary += count;
    this.countTotal += count;
  }

  /** Starts an incident without counting anything yet; `details` go on the first line only. */
  start(details: Record<string, unknown> = {}): void {
    if (this.startedAt !== undefined) return;
    this.startedAt = Date.now();
    this.countSinceStart = 0;
    this.countSinceSummary = 0;
    this.options.logger.warn({ ...this.options.fields, ...details }, this.options.messages.started);
    this.timer = setInterval(() => this.summarise(), this.options.summaryIntervalMs);
    this.timer.unref();
  }

  /** Ends the open incident, if any, with one line of its totals (`message` when it ends for another reason, e.g. shutdown). */
  end(details: Record<string, unknown> = {}, message = this.options.messages.ended): void {
    if (this.startedAt === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.options.logger.info(
      {
        ...this.options.fields,
        ...details,
        lasted_ms: Date.now() - this.startedAt,
        [this.options.countField]: this.countSinceStart,
        [`${this.options.countField}_total`]: this.countTotal,
      },
      message,
    );
    this.startedAt = undefined;
  }

  private summarise(): void {
    if (this.startedAt === undefined) return;
    this.options.logger.warn(
      {
        ...this.options.fields,
        lasting_ms: Date.now() - this.startedAt,
        [`${this.options.countField}_recently`]: this.countSinceSummary,
        [this.options.countField]: this.countSinceStart,
        [`${this.options.countField}_total`]: this.countTotal,
      },
      this.options.messages.ongoing,
    );
    this.countSinceSummary = 0;
  }
}
