import path from 'node:path';
import { bindService, type Config, type Logger, ServiceHost, type SharedResources } from '@evalplan/common';
import { loadProtos, type types } from '@evalplan/protos';

export const AUTH_SERVICE = 'evalplan.v1.AuthService';

/** auth-service: wiring of its handlers into the common service host. */
export function createAuthService(config: Config, logger: Logger, shared?: SharedResources): ServiceHost {
  const { AuthService } = loadProtos().auth;
  return new ServiceHost(
    {
      name: 'auth-service',
      migrationPrefix: 'auth',
      listenAddress: config.services.auth.listen,
      needsDatabase: true,
      needsCache: true,
      migrationsDir: path.resolve(__dirname, '..', 'migrations'),
      // Handlers arrive with their feature issues; until then every method answers UNIMPLEMENTED.
      bindings: () => [
        {
          name: AUTH_SERVICE,
          definition: AuthService.service,
          implementation: bindService<types.AuthServiceHandlers>('AuthService', AuthService.service, {}, logger),
        },
      ],
    },
    config,
    logger,
    shared,
  );
}
