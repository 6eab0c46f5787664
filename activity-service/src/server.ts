import path from 'node:path';
import { bindService, type Config, type Logger, ServiceHost, type SharedResources } from '@evalplan/common';
import { loadProtos, type types } from '@evalplan/protos';

export const ACTIVITY_SERVICE = 'evalplan.v1.ActivityService';

/** activity-service: wiring of its handlers into the common service host. */
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
      // Handlers arrive with their feature issues; until then every method answers UNIMPLEMENTED.
      bindings: () => [
        {
          name: ACTIVITY_SERVICE,
          definition: ActivityService.service,
          implementation: bindService<types.ActivityServiceHandlers>('ActivityService', ActivityService.service, {}, logger),
        },
      ],
    },
    config,
    logger,
    shared,
  );
}
