import { createLogger, loadConfig, runMain, stopOnSignals } from '@evalplan/common';
import { startStack } from './stack';

runMain('evalplan', async () => {
  const config = loadConfig();
  const logger = createLogger({ name: 'evalplan', level: config.logLevel });
  const stack = await startStack(config);
  logger.info({ url: `http://localhost:${stack.port}` }, 'evalplan is ready');
  stopOnSignals(stack, logger, config.shutdownTimeoutMs);
});
