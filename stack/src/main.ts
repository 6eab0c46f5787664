import { runComponent } from '@evalplan/common';
import { startStack } from './stack';

runComponent('evalplan', async (config, logger) => {
  const stack = await startStack(config);
  logger.info({ url: `http://localhost:${stack.port}` }, 'evalplan is ready');
  return stack;
});
