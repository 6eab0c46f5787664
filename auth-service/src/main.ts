import { createLogger, loadConfig, runMain, stopOnSignals } from '@evalplan/common';
import { createAuthService } from './server';

runMain('auth-service', async () => {
  const config = loadConfig();
  const logger = createLogger({ name: 'auth-service', level: config.logLevel });
  const service = createAuthService(config, logger);
  await service.start();
  stopOnSignals(service, logger, config.shutdownTimeoutMs);
});
