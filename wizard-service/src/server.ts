import path from 'node:path';
import { bindService, type Config, type Logger, ServiceHost, type SharedResources } from '@evalplan/common';
import { loadProtos, type types } from '@evalplan/protos';

export const WIZARD_SERVICE = 'evalplan.v1.WizardService';

/** wizard-service: wiring of its handlers into the common service host. */
export function createWizardService(config: Config, logger: Logger, shared?: SharedResources): ServiceHost {
  const { WizardService } = loadProtos().wizard;
  return new ServiceHost(
    {
      name: 'wizard-service',
      migrationPrefix: 'wizard',
      listenAddress: config.services.wizard.listen,
      needsDatabase: true,
      needsCache: false,
      migrationsDir: path.resolve(__dirname, '..', 'migrations'),
      // Handlers arrive with their feature issues; until then every method answers UNIMPLEMENTED.
      bindings: () => [
        {
          name: WIZARD_SERVICE,
          definition: WizardService.service,
          implementation: bindService<types.WizardServiceHandlers>('WizardService', WizardService.service, {}, logger),
        },
      ],
    },
    config,
    logger,
    shared,
  );
}
