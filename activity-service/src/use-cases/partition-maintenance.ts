import { type Connection, type Queryable, withTransaction } from '@evalplan/common/db';
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
}

export interface PartitionMaintenanceOptions {
  /** 'off' keeps every event. */
  retention: RetentionPeriod | 'off';
  /** How long a step waits for the table before giving up until the next run. */
  lockTimeoutMs: number;
}

const overlaps = (partition: EventPartition, month: Month): boolean =>
  !partition.isDefault && (partition.startMs ?? -Infinity) < month.end.getTime() && (partition.endMs ?? Infinity) > month.start.getTime();

/**
 * Keeps activity_events' partitions in step with the calendar: the current
 * month and the next ones exist before rows arrive for them, and months
 * past the retention go. Each step is its own short transaction under one
 * advisory lock and looks at the partitions afresh, so replicas running it
 * together do each thing once, and a step that cannot get the table (a long
 * query holds it) leaves the others done.
 */
export class PartitionMaintenance {
  constructor(
    private readonly pool: Queryable,
    private readonly options: PartitionMaintenanceOptions,
  ) {}

  /** One run as of `now` (a parameter so tests can move through the calendar). */
  async run(now: Date): Promise<MaintenanceReport> {
    const report: MaintenanceReport = { created: [], movedFromDefault: 0, dropped: [], droppedRowsEstimate: 0, deletedFromDefault: 0 };
    for (const month of monthsToPrepare(now)) {
      const moved = await this.step((db) => this.createIfMissing(db, month));
      if (moved === undefined) continue;
      report.created.push(partitionNameOf(month));
      report.movedFromDefault += moved;
    }
    if (this.options.retention === 'off') return report;
    const cutoff = retentionCutoff(now, this.options.retention);
    for (;;) {
      const dropped = await this.step((db) => this.dropOldest(db, cutoff));
      if (!dropped) break;
      report.dropped.push(dropped.name);
      report.droppedRowsEstimate += dropped.estimatedRows;
    }
    report.deletedFromDefault = await this.step((db) => partitions.deleteFromDefaultBefore(db, cutoff));
    return report;
  }

  /** Rows moved from the default partition when it created the month's partition; undefined when one covers the month already. */
  private async createIfMissing(db: Connection, month: Month): Promise<number | undefined> {
    if ((await partitions.list(db)).some((partition) => overlaps(partition, month))) return undefined;
    return partitions.createWithRowsFromDefault(db, partitionNameOf(month), month.start, month.end);
  }

  /** Drops the oldest partition whose every row is older than `cutoff`; the one dropped, if any. */
  private async dropOldest(db: Connection, cutoff: Date): Promise<EventPartition | undefined> {
    const expired = (await partitions.list(db)).find(
      (partition) => !partition.isDefault && partition.endMs !== null && partition.endMs <= cutoff.getTime(),
    );
    if (expired) await partitions.drop(db, expired.name);
    return expired;
  }

  private step<T>(work: (db: Connection) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, async (db) => {
      await partitions.lock(db, this.options.lockTimeoutMs);
      return work(db);
    });
  }
}
