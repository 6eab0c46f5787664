import type { Logger } from '@evalplan/common';
import type { types } from '@evalplan/protos';

export interface RecorderOptions {
  /** Most events held while activity-service is slow or away; beyond it the oldest are dropped. */
  queueLimit: number;
  /** Most events per RecordBatch call. */
  batchSize: number;
  /** Longest an event waits before its batch is sent. */
  flushIntervalMs: number;
  /** Backoff after a failed batch: doubles from flushIntervalMs up to this. */
  maxBackoffMs?: number;
}

export type SendBatch = (events: types.ActivityEvent[]) => Promise<void>;

/**
 * The gateway's side of activity recording: record() only appends to a
 * bounded in-memory queue, so a request never waits for it. Batches go out
 * every flushIntervalMs or as soon as batchSize events wait, one call at a
 * time. A failed batch stays at the head of the queue and is retried with
 * backoff (event ids make a retried batch count once); while the queue is
 * full, the oldest events make room and are counted in `dropped`.
 */
export class ActivityRecorder {
  private queue: types.ActivityEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> | undefined;
  private backoffMs = 0;
  private stopped = false;
  private droppedCount = 0;
  private deliveredCount = 0;
  private lastDropLog = 0;

  constructor(
    private readonly send: SendBatch,
    private readonly options: RecorderOptions,
    private readonly logger: Logger,
  ) {}

  /** Events dropped because the queue was full (for logs and, later, metrics). */
  get dropped(): number {
    return this.droppedCount;
  }

  get delivered(): number {
    return this.deliveredCount;
  }

  get pending(): number {
    return this.queue.length;
  }

  record(event: types.ActivityEvent): void {
    if (this.queue.length >= this.options.queueLimit) {
      const overflow = this.queue.length - this.options.queueLimit + 1;
      this.queue.splice(0, overflow);
      this.droppedCount += overflow;
      this.logDrops();
    }
    this.queue.push(event);
    if (this.stopped) return;
    if (this.queue.length >= this.options.batchSize && this.backoffMs === 0) this.flushSoon(0);
    else this.flushSoon(this.backoffMs || this.options.flushIntervalMs);
  }

  /** Sends what is queued, batch after batch, until empty or `deadlineMs` passes (shutdown). */
  async stop(deadlineMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const giveUpAt = Date.now() + deadlineMs;
    while (Date.now() < giveUpAt) {
      await this.sending;
      if (this.queue.length === 0) return;
      const sent = await this.sendNext();
      if (!sent) await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(0, giveUpAt - Date.now()))));
    }
    if (this.queue.length > 0) this.logger.warn({ events: this.queue.length }, 'activity events not delivered before shutdown');
  }

  private flushSoon(delayMs: number): void {
    if (this.timer !== undefined || this.sending !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    await this.sendNext();
    if (!this.stopped && this.queue.length > 0) {
      const full = this.queue.length >= this.options.batchSize;
      this.flushSoon(this.backoffMs || (full ? 0 : this.options.flushIntervalMs));
    }
  }

  /**
   * One batch from the head of the queue; true when it was delivered. The
   * batch leaves the queue while in flight (so a full queue cannot drop what
   * is being delivered) and goes back to its head if the call fails.
   */
  private async sendNext(): Promise<boolean> {
    if (this.sending || this.queue.length === 0) return false;
    const batch = this.queue.splice(0, this.options.batchSize);
    let delivered = false;
    this.sending = (async () => {
      try {
        await this.send(batch);
        delivered = true;
      } catch (error) {
        const maxBackoff = this.options.maxBackoffMs ?? 10_000;
        this.backoffMs = Math.min(maxBackoff, Math.max(this.options.flushIntervalMs, this.backoffMs * 2));
        this.logger.warn(
          { err: error, events: this.queue.length + batch.length, retry_in_ms: this.backoffMs },
          'activity batch not delivered; will retry',
        );
      }
    })();
    await this.sending;
    this.sending = undefined;
    if (delivered) {
      this.deliveredCount += batch.length;
      if (this.backoffMs > 0) this.logger.info({ waiting: this.queue.length }, 'activity recorder reaches activity-service again');
      this.backoffMs = 0;
    } else {
      this.queue = batch.concat(this.queue);
      const overflow = this.queue.length - this.options.queueLimit;
      if (overflow > 0) {
        this.queue.splice(0, overflow);
        this.droppedCount += overflow;
        this.logDrops();
      }
    }
    return delivered;
  }

  /** At most one warning a second, with the running total. */
  private logDrops(): void {
    const now = Date.now();
    if (now - this.lastDropLog < 1000) return;
    this.lastDropLog = now;
    this.logger.warn(
      { dropped_total: this.droppedCount, queue_limit: this.options.queueLimit },
      'activity queue full; dropping oldest events',
    );
  }
}
