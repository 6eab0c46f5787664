import { createLogger, loadConfig, runMain, stopOnSignals } from '@evalplan/common';
import { GatewayServer } from './server';

runMain('gateway', async () => {
  const config = loadConfig();
  const logger = createLogger({ name: 'gateway', level: config.logLevel });
  const gateway = new GatewayServer(config, logger);
  await gateway.start();
  stopOnSignals(gateway, logger, config.shutdownTimeoutMs);
});
