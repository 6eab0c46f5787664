import { setTimeout as sleep } from 'node:timers/promises';
import { type Connection, type Queryable, sqlStateOf, withTransaction } from '@evalplan/common/db';
import { isDependencyFailure } from '@evalplan/common/dependencies';
import type { Logger } from '@evalplan/common/logging';
import { monthsToPrepare, type Month, partitionNameOf, retentionCutoff, type RetentionPeriod } from '../domain/partitions';
import { type EventPartition, partitionsRepository as partitions } from '../repositories/partitions';

/** What one maintenance run did. */
export interface MaintenanceReport {
  /** Partitions created, oldest first. */
  created: string[];
  /** Rows moved out of the default partition into a partition created for their month. */
  movedFromDefault: number;
  /** Partitions dropped by the retention, oldest first. */
  dropped: string[];
  /** Rows in the dropped partitions, as PostgreSQL's statistics estimate them. */
  droppedRowsEstimate: number;
  /** Rows of the default partition deleted by the retention. */
  deletedFromDefault: number;
  /** Steps that failed (each logged), left to the next run: "create activity_events_p2027_03", "drop …", "delete from default". */
  failed: string[];
}

export interface PartitionMaintenanceOptions {
  /** 'off' keeps every event. */
  retention: RetentionPeriod | 'off';
  /**
   * How long a step waits for a table lock before trying again later. A DROP
   * waits for the whole table and inserts queue behind it meanwhile, so this
   * is the longest an insert is held up.
   */
  lockTimeoutMs: number;
  /** Tries per step when the lock is not had in time; the step then fails until the next run. */
  lockAttempts: number;
  /** Pause between those tries: a long query holding the table may be over by then. */
  retryDelayMs: number;
  logger: Logger;
}

/** SQLSTATE lock_not_available: lock_timeout expired. */
const LOCK_NOT_AVAILABLE = '55P03';

/** A step's outcome: done (with its result), or not done because the run is stopping. */
type StepOutcome<T> = { done: true; value: T } | { done: false };
const NOT_DONE = { done: false } as const;

const overlaps = (partition: EventPartition, month: Month): boolean =>
  !partition.isDefault && (partition.startMs ?? -Infinity) < month.end.getTime() && (partition.endMs ?? Infinity) > month.start.getTime();

/**
 * Keeps activity_events' partitions in step with the calendar: the current
 * month and the next ones exist before rows arrive for them, and months
 * past the retention go. Each step is its own short transaction under one
 * advisory lock and looks at the partitions afresh, so replicas running it
 * together do each thing once; a step that cannot get the table (a long
 * query holds it) or fails otherwise is logged and left to the next run,
 * and the others are done.
 */
export class PartitionMaintenance {
  private readonly stopping = new AbortController();

  constructor(
    private readonly pool: Queryable,
    private readonly options: PartitionMaintenanceOptions,
  ) {}

  /** Ends a run in progress after its current step (a pause between tries ends at once); no run starts after. */
  stop(): void {
    this.stopping.abort();
  }

  /** One run as of `now` (a parameter so tests can move through the calendar). */
  async run(now: Date): Promise<MaintenanceReport> {
    const report: MaintenanceReport = {
      created: [],
      movedFromDefault: 0,
      dropped: [],
      droppedRowsEstimate: 0,
      deletedFromDefault: 0,
      failed: [],
    };
    for (const month of monthsToPrepare(now)) {
      const name = partitionNameOf(month);
      const outcome = await this.step(report, `create ${name}`, (db) => this.createIfMissing(db, month));
      if (!outcome.done || outcome.value === undefined) continue;
      report.created.push(name);
      report.movedFromDefault += outcome.value;
    }
    if (this.options.retention === 'off') return report;
    const cutoff = retentionCutoff(now, this.options.retention);
    const failedDrops = new Set<string>();
    for (;;) {
      // The oldest expired partition, less any that failed in this run: one that cannot be dropped keeps back none of the others.
      const expired = await this.step(report, 'list expired partitions', (db) => this.oldestExpired(db, cutoff, failedDrops));
      if (!expired.done || !expired.value) break;
      const partition = expired.value;
      const dropped = await this.step(report, `drop ${partition.name}`, (db) => this.dropIfExpired(db, partition.name, cutoff));
      if (!dropped.done) {
        failedDrops.add(partition.name);
        continue;
      }
      if (!dropped.value) continue;
      report.dropped.push(dropped.value.name);
      report.droppedRowsEstimate += dropped.value.estimatedRows;
    }
    const deleted = await this.step(report, 'delete from default', (db) => partitions.deleteFromDefaultBefore(db, cutoff));
    if (deleted.done) report.deletedFromDefault = deleted.value;
    return report;
  }

  /** Rows moved from the default partition when it created the month's partition; undefined when one covers the month already. */
  private async createIfMissing(db: Connection, month: Month): Promise<number | undefined> {
    if ((await partitions.list(db)).some((partition) => overlaps(partition, month))) return undefined;
    return partitions.createWithRowsFromDefault(db, partitionNameOf(month), month.start, month.end);
  }

  /** The oldest partition whose every row is older than `cutoff`, but those in `skip`. */
  private async oldestExpired(db: Connection, cutoff: Date, skip: ReadonlySet<string>): Promise<EventPartition | undefined> {
    return (await partitions.list(db)).find(
      (partition) => !partition.isDefault && partition.endMs !== null && partition.endMs <= cutoff.getTime() && !skip.has(partition.name),
    );
  }

  /** Drops `name` if it is still there and expired (another replica may have dropped it since); the one dropped, if any. */
  private async dropIfExpired(db: Connection, name: string, cutoff: Date): Promise<EventPartition | undefined> {
    const partition = (await partitions.list(db)).find((listed) => listed.name === name);
    if (!partition || partition.isDefault || partition.endMs === null || partition.endMs > cutoff.getTime()) return undefined;
    await partitions.drop(db, name);
    return partition;
  }

  /**
   * One step in its own transaction. Not done when the run is stopping, or
   * when it failed: then it is logged and named in the report, unless the database is unreachable, which ends the
   * run (every step would fail alike; the dependency monitor logs the outage).
   */
  private async step<T>(report: MaintenanceReport, label: string, work: (db: Connection) => Promise<T>): Promise<StepOutcome<T>> {
    try {
      return await this.attempts(work);
    } catch (error) {
      if (isDependencyFailure(error)) throw error;
      this.options.logger.warn({ err: error, step: label }, 'activity_events partition step failed; the next run tries again');
      report.failed.push(label);
      return NOT_DONE;
    }
  }

  /**
   * Tries `work` until it gets its locks in time, at most lockAttempts times,
   * pausing in between; not done only when the run is stopping.
   */
  private async attempts<T>(work: (db: Connection) => Promise<T>): Promise<StepOutcome<T>> {
    const { lockAttempts, retryDelayMs } = this.options;
    for (let attempt = 1; ; attempt++) {
      if (this.stopping.signal.aborted) return NOT_DONE;
      const outcome = await this.tryOnce(work);
      if (outcome !== 'wait') return outcome;
      if (attempt >= lockAttempts) {
        throw new Error(`no lock within ${lockAttempts} tries: a long query holds the table, or another replica the partition lock`);
      }
      try {
        await sleep(retryDelayMs, undefined, { signal: this.stopping.signal });
      } catch {
        return NOT_DONE;
      }
    }
  }

  /**
   * One try; 'wait' when a lock was not had in time. Another replica holding
   * the partition lock counts as that too: skipping the step instead could
   * skip it on both replicas when their steps interleave.
   */
  private async tryOnce<T>(work: (db: Connection) => Promise<T>): Promise<StepOutcome<T> | 'wait'> {
    try {
      return await withTransaction(this.pool, async (db) =>
        (await partitions.begin(db, this.options.lockTimeoutMs)) ? { done: true as const, value: await work(db) } : 'wait',
      );
    } catch (error) {
      if (sqlStateOf(error) === LOCK_NOT_AVAILABLE) return 'wait';
      throw error;
    }
  }
}
