import { AppError } from '@evalplan/common/errors';
import { IncidentLog, type Logger } from '@evalplan/common/logging';
import { SpoolReplayer } from './replayer';
import { type AppendOutcome, countRows, SegmentSpool } from './segment-spool';

const MIB = 1024 * 1024;
/** Read and stored at a time: a few gateway batches (so a replay outruns the batches still arriving), and what a stop may wait for. */
const REPLAY_CHUNK_BYTES = MIB;
/** Retry of a replay while PostgreSQL is still away. */
const REPLAY_BACKOFF = { initialMs: 250, maxMs: 5_000 };

/**
 * A 32nd of the bound, between 64 KiB and 8 MiB (8 MiB, about 30,000 events,
 * at the default 256 MiB): disk space comes back a segment at a time as the
 * replay goes, and a crash in the middle of a segment's replay stores that
 * segment again at most (its ids are then skipped).
 */
export function segmentBytesFor(maxBytes: number): number {
  return Math.min(8 * MIB, Math.max(64 * 1024, Math.floor(maxBytes / 32)));
}

export interface ActivitySpoolOptions {
  directory: string;
  maxBytes: number;
  /** Longest time between two log lines of an incident (spooling, dropping). */
  summaryIntervalMs: number;
  logger: Logger;
  /** The store path of RecordBatch, used for the replay. */
  store(rows: Buffer): Promise<number>;
}

/**
 * What activity-service does with events while PostgreSQL is unreachable:
 * they are appended to a bounded spool on disk (segment-spool.ts), the
 * caller is answered at once, and a replayer stores them in order once
 * PostgreSQL answers again. While the spool holds anything, every event goes
 * to it: no batch waits for a connect that is known to fail, and nothing
 * overtakes what waits. Logs one line when spooling starts, when dropping
 * starts, a summary of each at most every summaryIntervalMs, and the totals
 * at recovery and at shutdown.
 */
export class ActivitySpool {
  private spooling: boolean;
  private readonly disk: SegmentSpool;
  private readonly replayer: SpoolReplayer;
  private readonly spooled: IncidentLog;
  private readonly dropping: IncidentLog;
  private readonly refusing: IncidentLog;

  constructor(private readonly options: ActivitySpoolOptions) {
    const { directory, maxBytes, logger, summaryIntervalMs } = options;
    this.disk = SegmentSpool.open({ directory, maxBytes, segmentBytes: segmentBytesFor(maxBytes) });
    this.replayer = new SpoolReplayer({
      spool: this.disk,
      store: options.store,
      chunkBytes: REPLAY_CHUNK_BYTES,
      backoff: REPLAY_BACKOFF,
      logger,
      onDrained: () => this.drained(),
    });
    const incident = (countField: string, messages: { started: string; ongoing: string; ended: string }) =>
      new IncidentLog({ logger, fields: { dependency: 'database', spool: directory }, countField, messages, summaryIntervalMs });
    this.spooled = incident('spooled_events', {
      started: 'spooling activity events to disk',
      ongoing: 'activity events still going to the disk spool',
      ended: 'activity spooling over',
    });
    this.dropping = incident('dropped_events', {
      started: 'activity spool full: dropping the newest events',
      ongoing: 'activity spool still full: dropping the newest events',
      ended: 'activity events no longer dropped',
    });
    this.refusing = incident('refused_events', {
      started: 'activity spool cannot write to disk: refusing batches (the gateway retries them)',
      ongoing: 'activity spool still cannot write to disk',
      ended: 'activity spool writes to disk again',
    });
    this.spooling = !this.disk.isEmpty;
    if (this.spooling) {
      this.spooled.start({ reason: 'an earlier run left events to replay', waiting_bytes: this.disk.waitingBytes });
      this.replayer.start(0);
    }
  }

  /** Events since it opened, for metrics (activity-service/src/metrics.ts). */
  get counts(): { spooled: number; replayed: number; dropped: number } {
    return {
      spooled: this.spooled.total,
      replayed: this.replayer.replayed,
      // Dropped as the spool was full, and discarded on replay as PostgreSQL refused them even one by one.
      dropped: this.dropping.total + this.replayer.discarded,
    };
  }

  /** True while events go to disk: PostgreSQL was found unreachable and the spool is not replayed yet. */
  get active(): boolean {
    return this.spooling;
  }

  /**
   * Appends rows (COPY text, as RecordBatch makes them of its events). `cause` is the
   * failure that showed PostgreSQL unreachable; it is logged when spooling
   * starts. Resolves once the rows are on disk, or dropped and counted when
   * the spool is full; a disk that refuses them is ACTIVITY_RECORDER_UNAVAILABLE,
   * so that the caller keeps them and tries again.
   */
  async append(rows: Buffer, cause?: unknown): Promise<void> {
    if (!this.spooling) {
      this.spooling = true;
      this.spooled.start({ reason: `PostgreSQL unreachable: ${cause instanceof Error ? cause.message : String(cause)}` });
      this.replayer.start(REPLAY_BACKOFF.initialMs);
    }
    let outcome: AppendOutcome;
    try {
      outcome = await this.disk.append(rows);
    } catch (error) {
      this.refusing.add(countRows(rows), { error: error instanceof Error ? error.message : String(error) });
      throw new AppError('ACTIVITY_RECORDER_UNAVAILABLE', 'The activity events could not be spooled to disk.');
    }
    this.refusing.end();
    if (outcome.dropped) {
      this.dropping.add(outcome.events, { max_bytes: this.options.maxBytes });
    } else {
      this.dropping.end();
      this.spooled.add(outcome.events);
    }
  }

  /** Stops the replay between chunks, lets appends in progress finish, closes the segment and logs the totals. */
  async stop(): Promise<void> {
    await this.replayer.stop();
    await this.disk.close().catch((error: unknown) => this.options.logger.warn({ err: error }, 'closing the activity spool failed'));
    this.dropping.end();
    this.refusing.end();
    const totals = { ...this.totals(), waiting_bytes: this.disk.waitingBytes, waiting_segments: this.disk.segmentCount };
    if (this.spooled.open) this.spooled.end({ outcome: 'stopped; the rest is replayed at the next start', ...totals });
    else this.options.logger.info({ spooled_events_total: this.spooled.total, ...totals }, 'activity spool totals at shutdown');
  }

  /** The replay found nothing left: direct writes again. */
  private drained(): void {
    this.spooling = false;
    this.dropping.end();
    this.spooled.end({ outcome: 'replayed; writing to PostgreSQL again', ...this.totals() });
  }

  private totals(): Record<string, number> {
    return {
      replayed_events_total: this.replayer.replayed,
      dropped_events_total: this.dropping.total,
      torn_lines_total: this.disk.tornLines,
      discarded_events_total: this.replayer.discarded,
    };
  }
}
