import path from 'node:path';
import { bindService, type Config, type Logger, ServiceHost, type SharedResources } from '@evalplan/common';
import { loadProtos, type types } from '@evalplan/protos';
import { activityHandlers } from './handlers';

export const ACTIVITY_SERVICE = 'evalplan.v1.ActivityService';

/** activity-service: activity_events, written in batches (gateway) and one by one (client reports). */
export function createActivityService(config: Config, logger: Logger, shared?: SharedResources): ServiceHost {
  const { ActivityService } = loadProtos().activity;
  return new ServiceHost(
    {
      name: 'activity-service',
      migrationPrefix: 'activity',
      listenAddress: config.services.activity.listen,
      needsDatabase: true,
      needsCache: false,
      migrationsDir: path.resolve(__dirname, '..', 'migrations'),
      bindings: ({ db, bind }) => [
        {
          name: ACTIVITY_SERVICE,
          definition: ActivityService.service,
          implementation: bindService<types.ActivityServiceHandlers>(
            'ActivityService',
            ActivityService.service,
            activityHandlers(db!, logger),
            bind,
          ),
        },
      ],
    },
    config,
    logger,
    shared,
  );
}
