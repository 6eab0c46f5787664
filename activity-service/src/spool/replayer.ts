import { isDependencyFailure } from '@evalplan/common/dependencies';
import { type Logger } from '@evalplan/common/logging';
import { countRows, NEWLINE, type Segment, type SegmentSpool } from './segment-spool';

export interface ReplayerOptions {
  spool: SegmentSpool;
  /** Stores rows the way RecordBatch does (COPY, the repair path when refused); rejects with an outage or a refusal. */
  store(rows: Buffer): Promise<number>;
  /** Bytes read and stored at a time. */
  chunkBytes: number;
  /** Wait before retrying while PostgreSQL is unreachable: doubles from initialMs up to maxMs. */
  backoff: { initialMs: number; maxMs: number };
  logger: Logger;
  /** Called in the same turn the spool is found empty, so no append can slip in between: direct writes may resume. */
  onDrained(): void;
}

/** Two runs of whole lines from rows of at least two lines: split at the first line end past the middle. */
function halves(rows: Buffer): [Buffer, Buffer] {
  let cut = rows.indexOf(NEWLINE, rows.length >> 1) + 1;
  // Past the middle there may be only the last line's end (or none, when the last line lacks one): cut before that line.
  if (cut === 0 || cut >= rows.length) cut = rows.lastIndexOf(NEWLINE, rows.length - 2) + 1;
  return [rows.subarray(0, cut), rows.subarray(cut)];
}

/**
 * Stores what the spool holds once PostgreSQL answers again: segment after
 * segment, oldest first, chunk after chunk, each chunk through the store
 * path of RecordBatch; a segment is deleted once all its rows are stored.
 * A chunk replayed twice (after a crash between storing and deleting) is
 * stored once, because the store path skips ids already stored. The open
 * segment is sealed to be replayed too, until nothing is left.
 */
export class SpoolReplayer {
  private replaying = false;
  private stopped = false;
  private done: Promise<void> = Promise.resolve();
  private wake: (() => void) | undefined;
  private replayedCount = 0;
  private discardedCount = 0;

  constructor(private readonly options: ReplayerOptions) {}

  /** Rows stored from the spool. */
  get replayed(): number {
    return this.replayedCount;
  }

  /** Rows PostgreSQL refused even one by one after repair (not rows of this table): discarded so they cannot hold back the rest. */
  get discarded(): number {
    return this.discardedCount;
  }

  /** Starts replaying after `delayMs`, unless a replay is already running. */
  start(delayMs: number): void {
    if (this.replaying || this.stopped) return;
    this.replaying = true;
    this.done = this.run(delayMs);
  }

  /** Stops between two chunks (or ends a wait at once) and resolves when the replay has stopped. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.done;
  }

  private async run(delayMs: number): Promise<void> {
    const { spool, backoff, logger } = this.options;
    await this.pause(delayMs);
    while (!this.stopped) {
      try {
        const segment = spool.oldest();
        if (segment === undefined) {
          if (spool.isEmpty) {
            this.replaying = false;
            this.options.onDrained();
            return;
          }
          await spool.seal();
        } else if (await this.replay(segment)) {
          await spool.remove(segment);
        }
      } catch (error) {
        // Not PostgreSQL (that is waited for chunk by chunk): the disk. Said once per try, tried again later.
        logger.error({ err: error }, 'replaying the activity spool failed; trying again');
        await this.pause(backoff.maxMs);
      }
    }
    this.replaying = false;
  }

  /** True once every row of the segment is stored; false when stopped first. */
  private async replay(segment: Segment): Promise<boolean> {
    for await (const chunk of this.options.spool.chunks(segment, this.options.chunkBytes)) {
      if (!(await this.storeChunk(chunk))) return false;
      if (this.stopped) return false;
    }
    return true;
  }

  /** Stores a chunk, waiting with backoff while PostgreSQL is unreachable; false when stopped while waiting. */
  private async storeChunk(rows: Buffer): Promise<boolean> {
    let delayMs = this.options.backoff.initialMs;
    while (!this.stopped) {
      try {
        await this.storeRows(rows);
        return true;
      } catch (error) {
        if (!isDependencyFailure(error)) throw error;
        await this.pause(delayMs);
        delayMs = Math.min(this.options.backoff.maxMs, delayMs * 2);
      }
    }
    return false;
  }

  private async storeRows(rows: Buffer): Promise<void> {
    let refusal: unknown;
    const { stored, discarded } = await this.storePart(rows, (error) => (refusal ??= error));
    this.replayedCount += stored;
    this.discardedCount += discarded;
    if (refusal !== undefined) {
      this.options.logger.error(
        { err: refusal, stored_events: stored, discarded_events: discarded },
        'spooled activity rows refused even after repair; stored in parts, unstorable lines discarded',
      );
    }
  }

  /**
   * Stores rows, or, when the repair path still refuses them (a line that is
   * not a row of activity_events, from a sender of another format or a
   * damaged file, or a bug), each half of them the same way, down to single
   * lines, which are discarded: one bad line costs a few tries of its
   * neighbours, not a store per line, and cannot hold back the spool for good.
   * An outage is thrown: the chunk is tried again whole, and lines stored
   * meanwhile are skipped by id.
   */
  private async storePart(rows: Buffer, onRefused: (error: unknown) => void): Promise<{ stored: number; discarded: number }> {
    const lines = countRows(rows);
    try {
      await this.options.store(rows);
      return { stored: lines, discarded: 0 };
    } catch (error) {
      if (isDependencyFailure(error)) throw error;
      onRefused(error);
      if (lines <= 1) return { stored: 0, discarded: lines };
      const [head, tail] = halves(rows);
      const first = await this.storePart(head, onRefused);
      const second = await this.storePart(tail, onRefused);
      return { stored: first.stored + second.stored, discarded: first.discarded + second.discarded };
    }
  }

  /** Waits `ms`, or less when stopped. */
  private pause(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      timer.unref();
      this.wake = finish;
    });
  }
}
