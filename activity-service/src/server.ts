import path from 'node:path';
import { type Database } from '@evalplan/common/db';
import { bindService } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { ServiceHost, type SharedResources } from '@evalplan/common/runtime';
import { loadProtos, type types } from '@evalplan/protos';
import { BatchStore } from './batch-store';
import type { ActivityConfig } from './config';
import { activityHandlers } from './handlers';
import { observeSpool } from './metrics';
import { ActivitySpool } from './spool/activity-spool';

export const ACTIVITY_SERVICE = 'evalplan.v1.ActivityService';

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

/** activity-service: activity_events, written in batches (gateway) and one by one (client reports). */
export function createActivityService(config: ActivityConfig, logger: Logger, shared?: SharedResources): ServiceHost {
  const { ActivityService } = loadProtos().activity;
  let spool: ActivitySpool | undefined;
  let unobserveSpool: (() => void) | undefined;
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
        return [
          {
            name: ACTIVITY_SERVICE,
            definition: ActivityService.service,
            implementation: bindService<types.ActivityServiceHandlers>(
              'ActivityService',
              ActivityService.service,
              activityHandlers(db, logger, spool, bind.onDependencyFailure),
              bind,
            ),
          },
        ];
      },
      // After the calls in progress are answered (their appends finished), before the database closes.
      onStop: async () => {
        unobserveSpool?.();
        await spool?.stop();
      },
    },
    config,
    logger,
    shared,
  );
}
