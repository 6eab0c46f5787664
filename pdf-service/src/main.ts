import { createLogger, loadConfig, runMain, stopOnSignals } from '@evalplan/common';
import { createPdfService } from './server';

runMain('pdf-service', async () => {
  const config = loadConfig();
  const logger = createLogger({ name: 'pdf-service', level: config.logLevel });
  const service = createPdfService(config, logger);
  await service.start();
  stopOnSignals(service, logger, config.shutdownTimeoutMs);
});
