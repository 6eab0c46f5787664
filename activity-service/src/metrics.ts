/**
 * activity-service's part of `evalplan.activity.events` (stage service:
 * stored, spooled, replayed, dropped). The gateway reports its own stage
 * under the same meter and instrument (the all-in-one process exports one
 * family holding both). Observed from plain counts when metrics are read:
 * storing a batch adds one number.
 *
 * Also what the partition maintenance does: partitions created and dropped,
 * events removed by the retention.
 */
import { meterOf } from '@evalplan/common/telemetry';
import type { ObservableResult } from '@opentelemetry/api';
import type { MaintenanceReport } from './use-cases/partition-maintenance';

const meter = meterOf('evalplan.activity');

/** What the disk spool counts since it opened. */
export interface SpoolCounts {
  readonly spooled: number;
  readonly replayed: number;
  readonly dropped: number;
}

const outcome = (name: string) => ({ 'evalplan.activity.stage': 'service', 'evalplan.activity.outcome': name });
const STORED = outcome('stored');
const SPOOLED = outcome('spooled');
const REPLAYED = outcome('replayed');
const DROPPED = outcome('dropped');

/** Events written to PostgreSQL (or the embedded database) as they came, by every activity-service of the process. */
let stored = 0;
const spools = new Set<() => SpoolCounts>();

/** Counts events stored as they came (not through the spool). */
export function countStored(events: number): void {
  stored += events;
}

/** Reports a spool's counts (read when metrics are) until the returned function is called. */
export function observeSpool(counts: () => SpoolCounts): () => void {
  spools.add(counts);
  return () => spools.delete(counts);
}

// Same meter, name, kind and unit as the gateway's (gateway/src/activity/metrics.ts), so one process exports one family.
meter
  .createObservableCounter('evalplan.activity.events', {
    description: 'Activity events by stage (gateway, service) and outcome.',
    unit: '{event}',
  })
  .addCallback((result: ObservableResult) => {
    let spooled = 0;
    let replayed = 0;
    let dropped = 0;
    for (const countsOf of spools) {
      const spool = countsOf();
      spooled += spool.spooled;
      replayed += spool.replayed;
      dropped += spool.dropped;
    }
    result.observe(stored, STORED);
    result.observe(spooled, SPOOLED);
    result.observe(replayed, REPLAYED);
    result.observe(dropped, DROPPED);
  });

const partitionChanges = meter.createCounter('evalplan.activity.partitions', {
  description:
    'Monthly partitions of activity_events created ahead (created) and dropped by the retention (dropped); maintenance steps that failed, left to the next run (failed).',
  unit: '{partition}',
});
const rowsRemoved = meter.createCounter('evalplan.activity.retention.rows', {
  description:
    'Events removed by the retention: in dropped partitions (dropped_partition, as PostgreSQL estimates them) and deleted from the default partition (deleted_from_default).',
  unit: '{event}',
});
const CREATED = { 'evalplan.activity.partition.action': 'created' };
const DROPPED_PARTITION = { 'evalplan.activity.partition.action': 'dropped' };
const FAILED = { 'evalplan.activity.partition.action': 'failed' };
const IN_DROPPED_PARTITIONS = { 'evalplan.activity.retention.how': 'dropped_partition' };
const FROM_DEFAULT = { 'evalplan.activity.retention.how': 'deleted_from_default' };

/** Counts what a partition maintenance run did. */
export function countPartitionMaintenance(run: MaintenanceReport): void {
  if (run.created.length > 0) partitionChanges.add(run.created.length, CREATED);
  if (run.dropped.length > 0) partitionChanges.add(run.dropped.length, DROPPED_PARTITION);
  if (run.failed.length > 0) partitionChanges.add(run.failed.length, FAILED);
  if (run.droppedRowsEstimate > 0) rowsRemoved.add(run.droppedRowsEstimate, IN_DROPPED_PARTITIONS);
  if (run.deletedFromDefault > 0) rowsRemoved.add(run.deletedFromDefault, FROM_DEFAULT);
}
