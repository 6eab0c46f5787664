import path from 'node:path';
import { type Database } from '@evalplan/common/db';
import { bindService } from '@evalplan/common/grpc';
import { isDependencyFailure } from '@evalplan/common/dependencies';
import { type Logger } from '@evalplan/common/logging';
import { PeriodicTask, ServiceHost, type SharedResources } from '@evalplan/common/runtime';
import { loadProtos, type types } from '@evalplan/protos';
import { BatchStore } from './use-cases/batch-store';
import type { ActivityConfig } from './config';
import { activityHandlers } from './handlers';
import { countPartitionMaintenance, observeSpool } from './metrics';
import { ActivitySpool } from './spool/activity-spool';
import { PartitionMaintenance } from './use-cases/partition-maintenance';
import { UserData } from './use-cases/user-data';

export const ACTIVITY_SERVICE = 'evalplan.v2.ActivityService';

/**
 * How often events of deleted users stored after the deletion (queued in a
 * gateway for a moment) lose the user id: a query on a table of a few rows.
 */
const FORGET_SWEEP_INTERVAL_MS = 2000;

/**
 * How often partitions are checked: they are made three months ahead, so an
 * hour (or a few missed during an outage) never leaves rows without one.
 */
const PARTITION_MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How long a partition step waits for a table lock (a long analyst query
 * holds it): inserts queued behind a waiting DROP or ATTACH are held up at
 * most this long. Then it tries again after a pause, a few times, and leaves
 * the step to the next run.
 */
const PARTITION_LOCK = { lockTimeoutMs: 300, lockAttempts: 5, retryDelayMs: 3000 } as const;

/** The disk spool for PostgreSQL outages; none for the embedded database, which lives in this process. */
function openSpool(database: Database, config: ActivityConfig, logger: Logger): ActivitySpool | undefined {
  if (database.kind !== 'postgres') return undefined;
  const batches = new BatchStore(database, logger);
  return new ActivitySpool({
    directory: config.activity.spoolDir,
    maxBytes: config.activity.spoolMaxBytes,
    summaryIntervalMs: config.incidentSummaryIntervalMs,
    logger,
    store: (rows) => batches.store(rows),
  });
}

/** Creates the coming months' partitions and drops those past the retention: at start, then every hour. */
function partitionMaintenanceTask(maintenance: PartitionMaintenance, logger: Logger): PeriodicTask {
  return new PeriodicTask({
    name: 'activity-partitions',
    intervalMs: PARTITION_MAINTENANCE_INTERVAL_MS,
    logger,
    run: async () => {
      try {
        const report = await maintenance.run(new Date());
        countPartitionMaintenance(report);
        if (report.created.length + report.dropped.length + report.deletedFromDefault + report.failed.length > 0) {
          logger.info(
            {
              created: report.created,
              moved_from_default: report.movedFromDefault,
              dropped: report.dropped,
              dropped_rows_estimate: report.droppedRowsEstimate,
              deleted_from_default: report.deletedFromDefault,
              failed: report.failed,
            },
            'activity_events partitions maintained',
          );
        }
      } catch (error) {
        // An outage is logged by the dependency monitor; the next run catches up.
        if (!isDependencyFailure(error)) throw error;
      }
    },
  });
}

/** activity-service: activity_events, written in batches (gateway) and one by one (client reports). */
export function createActivityService(config: ActivityConfig, logger: Logger, shared?: SharedResources): ServiceHost {
  const { ActivityService } = loadProtos().activity;
  let spool: ActivitySpool | undefined;
  let unobserveSpool: (() => void) | undefined;
  let sweep: PeriodicTask | undefined;
  let partitions: PeriodicTask | undefined;
  let maintenance: PartitionMaintenance | undefined;
  return new ServiceHost(
    {
      service: 'activity',
      database: config,
      // Events PostgreSQL cannot take wait in the spool: the service stays ready through an outage.
      servesWithout: ['database'],
      migrationsDir: path.resolve(__dirname, '..', 'migrations'),
      bindings: ({ db, bind }) => {
        spool = openSpool(db, config, logger);
        const opened = spool;
        if (opened) unobserveSpool = observeSpool(() => opened.counts);
        const userData = new UserData(db.pool);
        sweep = new PeriodicTask({
          name: 'forget-deleted-users',
          intervalMs: FORGET_SWEEP_INTERVAL_MS,
          logger,
          run: async () => {
            try {
              const swept = await userData.sweep();
              if (swept > 0) logger.info({ events: swept }, 'took deleted users off events stored after their deletion');
            } catch (error) {
              // An outage is logged by the dependency monitor; the next sweep catches up.
              if (!isDependencyFailure(error)) throw error;
            }
          },
        });
        sweep.start();
        maintenance = new PartitionMaintenance(db.pool, { retention: config.activity.retention, ...PARTITION_LOCK, logger });
        partitions = partitionMaintenanceTask(maintenance, logger);
        partitions.start();
        // In the background: the service serves (and spools) even if the database went away again since the migrations.
        void partitions.runOnce();
        return [
          {
            name: ACTIVITY_SERVICE,
            definition: ActivityService,
            implementation: bindService<types.ActivityServiceHandlers>(
              'ActivityService',
              ActivityService,
              activityHandlers(db, logger, userData, spool, bind.onDependencyFailure),
              bind,
            ),
          },
        ];
      },
      // After the calls in progress are answered (their appends finished), before the database closes.
      onStop: async () => {
        await sweep?.stop();
        // A run in progress ends after its current step rather than going through every drop.
        maintenance?.stop();
        await partitions?.stop();
        unobserveSpool?.();
        await spool?.stop();
      },
    },
    config,
    logger,
    shared,
  );
}
