import { AsyncResource } from 'node:async_hooks';
import { IncidentLog, type Logger } from '@evalplan/common/logging';
import { observeRecorder } from './metrics';

export interface RecorderOptions<Event> {
  /** Most events held while activity-service is slow or away; beyond it the oldest are dropped. */
  queueLimit: number;
  /** Most events per RecordBatch call. */
  batchSize: number;
  /**
   * Most bytes per RecordBatch call, as `sizeOf` estimates them (an upper
   * bound of each event's encoded size): a batch ends at batchSize events or
   * at this, whichever comes first, so it stays under the receiver's message
   * cap; an event larger than this goes alone. Unbounded without both.
   */
  maxBatchBytes?: number;
  sizeOf?: (event: Event) => number;
  /** Longest an event waits before its batch is sent. */
  flushIntervalMs: number;
  /** Backoff after a failed batch: doubles from flushIntervalMs up to this. */
  maxBackoffMs?: number;
  /** Batches on their way at once while activity-service answers (default 2). */
  maxInFlight?: number;
  /** Failures that a retry cannot cure (the batch itself was refused): the batch is dropped and counted, not retried. */
  isPermanent?: (error: unknown) => boolean;
  /** Longest time between two log lines while batches fail or events are dropped (default 30 s). */
  summaryIntervalMs?: number;
}

export type SendBatch<Event> = (events: Event[]) => Promise<void>;

/**
 * The gateway's side of activity recording: record() only appends to a
 * bounded in-memory queue, so a request never waits for it. Batches go out
 * every flushIntervalMs or as soon as batchSize events wait, up to two calls
 * at a time (one while failing). A failed batch stays at the head of the queue and is retried with
 * backoff (event ids make a retried batch count once); while the queue is
 * full, the oldest events make room and are counted in `dropped`.
 */
export class ActivityRecorder<Event> {
  private queue: Event[] = [];
  /** sizeOf of the events in the queue, summed (0 without a byte bound). */
  private queuedBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<boolean>>();
  private backoffMs = 0;
  private stopped = false;
  private finished = false;
  /** Sends run in the recorder's own async context, not in the request that happened to trigger them (request id, trace). */
  private readonly context = new AsyncResource('ActivityRecorder');
  /** Counts failures, so a batch that left before the latest failure cannot end its backoff. */
  private failures = 0;
  private deliveredCount = 0;
  /** Events dropped (queue full, refused, or late at shutdown): one line when it starts, summaries, totals. */
  private readonly drops: IncidentLog;
  /** activity-service not taking batches: one line when it starts, summaries, one when it takes them again. */
  private readonly undelivered: IncidentLog;
  private acceptedCount = 0;
  /** Ends this recorder's part in the activity metrics (metrics.ts), once it has stopped. */
  private readonly unobserve: () => void;

  constructor(
    private readonly send: SendBatch<Event>,
    private readonly options: RecorderOptions<Event>,
    private readonly logger: Logger,
  ) {
    const summaryIntervalMs = options.summaryIntervalMs ?? 30_000;
    this.drops = new IncidentLog({
      logger,
      fields: { queue_limit: options.queueLimit },
      countField: 'dropped_events',
      messages: {
        started: 'activity events dropped: the queue is full',
        ongoing: 'activity events still being dropped',
        ended: 'activity queue has room again; no more events dropped',
      },
      summaryIntervalMs,
    });
    this.undelivered = new IncidentLog({
      logger,
      fields: {},
      countField: 'failed_batches',
      messages: {
        started: 'activity batches not delivered; holding them and retrying',
        ongoing: 'activity batches still not delivered',
        ended: 'activity recorder reaches activity-service again',
      },
      summaryIntervalMs,
    });
    this.unobserve = observeRecorder(this);
  }

  /** Events taken into the queue since start (the late ones after shutdown are not). */
  get accepted(): number {
    return this.acceptedCount;
  }

  /** Events dropped since start (queue full, refused, or recorded after shutdown). */
  get dropped(): number {
    return this.drops.total + this.lateCount;
  }

  /** Events recorded after stop() had sent the last batch. */
  private lateCount = 0;

  get delivered(): number {
    return this.deliveredCount;
  }

  /** Events queued or on their way, not yet delivered. */
  get pending(): number {
    return this.queue.length + this.sendingCount;
  }

  private sendingCount = 0;

  record(event: Event): void {
    if (this.finished) {
      // Late (a handler that outlived the shutdown's budget, or its user still being identified): counted and said once.
      this.lateCount += 1;
      if (this.lateCount === 1) this.logger.warn('activity event recorded after the shutdown flush; dropped');
      return;
    }
    this.acceptedCount += 1;
    this.queue.push(event);
    this.queuedBytes += this.sizeOf(event);
    this.trim();
    if (this.stopped) return;
    if (this.holdsFullBatch() && this.backoffMs === 0 && this.inFlight.size < this.maxInFlight()) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.pump();
    } else {
      this.schedule();
    }
  }

  /**
   * Sends what is queued, batch after batch, until empty or `deadlineMs`
   * passes (shutdown), then logs what it sent, what it could not send and
   * the total dropped since start.
   */
  async stop(deadlineMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const startedAt = Date.now();
    const deliveredBefore = this.deliveredCount;
    const giveUpAt = startedAt + deadlineMs;
    while (Date.now() < giveUpAt) {
      await Promise.all(this.inFlight);
      if (this.queue.length === 0) break;
      const delivered = await this.startSend();
      if (!delivered) await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(0, giveUpAt - Date.now()))));
    }
    this.finished = true;
    const left = this.pending;
    this.undelivered.end({}, 'activity recorder stopped while batches were not delivered');
    this.drops.end({}, 'activity recorder stopped while dropping events');
    const figures = {
      flushed_events: this.deliveredCount - deliveredBefore,
      undelivered_events: left,
      dropped_events_total: this.drops.total,
      flush_ms: Date.now() - startedAt,
    };
    if (left > 0) this.logger.warn(figures, 'activity events not delivered before shutdown');
    else this.logger.info(figures, 'activity events flushed at shutdown');
    this.unobserve();
  }

  /** Two batches on their way normally; one at a time while activity-service is failing. */
  private maxInFlight(): number {
    return this.backoffMs > 0 ? 1 : (this.options.maxInFlight ?? 2);
  }

  /** Starts every batch that may go now: full ones, and a partial one only when the timer released it. */
  private pump(timerFired = false): void {
    let released = timerFired;
    // While backing off, only the timer releases a batch: a failure must not turn into a tight retry loop.
    const fullMayGo = () => this.backoffMs === 0 && this.holdsFullBatch();
    while (this.queue.length > 0 && this.inFlight.size < this.maxInFlight() && (released || fullMayGo())) {
      void this.startSend();
      released = false;
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped || this.timer !== undefined || this.queue.length === 0 || this.inFlight.size >= this.maxInFlight()) return;
    const full = this.holdsFullBatch();
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.pump(true);
      },
      this.backoffMs || (full ? 0 : this.options.flushIntervalMs),
    );
    this.timer.unref();
  }

  /**
   * Sends one batch from the head of the queue; true when it was delivered.
   * The batch leaves the queue while on its way (so a full queue cannot drop
   * what is being delivered) and returns to the head if the call fails.
   */
  private startSend(): Promise<boolean> {
    const batch = this.takeBatch();
    const failuresAtStart = this.failures;
    this.sendingCount += batch.length;
    const flight: { promise?: Promise<boolean> } = {};
    const result = (async (): Promise<boolean> => {
      try {
        await Promise.resolve(); // the flight is registered before any outcome is handled
        await this.context.runInAsyncScope(() => this.send(batch));
        this.deliveredCount += batch.length;
        if (this.backoffMs > 0 && failuresAtStart === this.failures) {
          this.undelivered.end({ waiting: this.queue.length });
          this.backoffMs = 0;
        }
        if (this.drops.open && this.queue.length < this.options.queueLimit) this.drops.end();
        return true;
      } catch (error) {
        if (this.options.isPermanent?.(error)) {
          // A refused batch is a bug on one side or the other: worth an error line of its own.
          this.logger.error({ err: error, events: batch.length }, 'activity batch refused; dropped');
          this.drops.add(batch.length);
          return false;
        }
        // Batches that were on their way together fail together: the backoff grows once for them.
        if (failuresAtStart === this.failures) {
          const maxBackoff = this.options.maxBackoffMs ?? 10_000;
          this.backoffMs = Math.min(maxBackoff, Math.max(this.options.flushIntervalMs, this.backoffMs * 2));
        }
        this.failures += 1;
        this.undelivered.add(1, { error: error instanceof Error ? error.message : String(error) });
        this.queue = batch.concat(this.queue);
        this.queuedBytes += this.bytesOf(batch);
        return false;
      } finally {
        this.sendingCount -= batch.length;
        this.trim();
        this.inFlight.delete(flight.promise!);
        if (!this.stopped) this.pump();
      }
    })();
    flight.promise = result;
    this.inFlight.add(result);
    return result;
  }

  /** Keeps the queue within its bound by dropping the oldest events. */
  private trim(): void {
    const overflow = this.queue.length - this.options.queueLimit;
    if (overflow <= 0) return;
    this.queuedBytes -= this.bytesOf(this.queue.splice(0, overflow));
    this.drops.add(overflow);
  }

  private sizeOf(event: Event): number {
    return this.options.maxBatchBytes === undefined || this.options.sizeOf === undefined ? 0 : this.options.sizeOf(event);
  }

  private bytesOf(events: Event[]): number {
    let bytes = 0;
    for (const event of events) bytes += this.sizeOf(event);
    return bytes;
  }

  /** Whether a batch would end at a bound now: batchSize events, or maxBatchBytes. */
  private holdsFullBatch(): boolean {
    const { batchSize, maxBatchBytes } = this.options;
    return this.queue.length >= batchSize || (maxBatchBytes !== undefined && this.queuedBytes >= maxBatchBytes);
  }

  /** The next batch from the head of the queue: up to batchSize events and maxBatchBytes, at least one event. */
  private takeBatch(): Event[] {
    const { batchSize, maxBatchBytes } = this.options;
    let count = Math.min(batchSize, this.queue.length);
    let bytes = 0;
    if (maxBatchBytes !== undefined) {
      for (let i = 0; i < count; i += 1) {
        const size = this.sizeOf(this.queue[i]!);
        if (i > 0 && bytes + size > maxBatchBytes) {
          count = i;
          break;
        }
        bytes += size;
      }
    }
    this.queuedBytes -= bytes;
    return this.queue.splice(0, count);
  }
}
