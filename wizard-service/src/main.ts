import { createLogger, loadConfig, runMain, stopOnSignals } from '@evalplan/common';
import { createWizardService } from './server';

runMain('wizard-service', async () => {
  const config = loadConfig();
  const logger = createLogger({ name: 'wizard-service', level: config.logLevel });
  const service = createWizardService(config, logger);
  await service.start();
  stopOnSignals(service, logger, config.shutdownTimeoutMs);
});
