import type { Logger } from '../logging/logger';

export interface PeriodicTaskOptions {
  name: string;
  intervalMs: number;
  logger: Logger;
  /**
   * One run of the work; a failure is logged and the next run still happens.
   * The signal aborts when stop() is called: long work (a sweep over many
   * pages, a purge over many batches) ends at its next step instead of
   * holding shutdown up until it is done.
   */
  run(signal: AbortSignal): Promise<void>;
}

/**
 * Background housekeeping (purging expired rows) on a timer that never keeps
 * the process alive and never overlaps itself; stop() asks a run in progress
 * to end (its signal) and waits for it, so the database is not closed under it.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private abort: AbortController | undefined;
  private stopped = false;

  constructor(private readonly options: PeriodicTaskOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Runs the work now (also used by tests), unless a run is already in progress. */
  async runOnce(): Promise<void> {
    if (this.running) return this.running;
    const abort = (this.abort = new AbortController());
    this.running = this.options
      .run(abort.signal)
      .catch((error: unknown) => this.options.logger.warn({ err: error, task: this.options.name }, 'periodic task failed'))
      .finally(() => {
        this.running = undefined;
        this.abort = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort?.abort();
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce().then(() => this.schedule());
    }, this.options.intervalMs);
    this.timer.unref();
  }
}
