import { createLogger, loadConfig, runMain, stopOnSignals } from '@evalplan/common';
import { createActivityService } from './server';

runMain('activity-service', async () => {
  const config = loadConfig();
  const logger = createLogger({ name: 'activity-service', level: config.logLevel });
  const service = createActivityService(config, logger);
  await service.start();
  stopOnSignals(service, logger, config.shutdownTimeoutMs);
});
