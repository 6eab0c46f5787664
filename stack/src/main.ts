import { runComponent } from '@evalplan/common/runtime';
import { gatewayStopBudgetMs } from '@evalplan/gateway';
import { loadStackConfig } from './config';
import { type Stack, startStack } from './stack';

runComponent(
  'evalplan',
  loadStackConfig,
  (config, logger) => {
    let starting: Promise<Stack> | undefined;
    return {
      start: async () => {
        starting = startStack(config);
        const stack = await starting;
        logger.info({ url: `http://localhost:${stack.port}` }, 'evalplan is ready');
      },
      // A signal while starting: stop what came up once the start is over.
      stop: async () => {
        const stack = await starting?.catch(() => undefined);
        await stack?.stop();
      },
    };
  },
  // The gateway's budget covers the services' drains, which run within the same SHUTDOWN_TIMEOUT.
  gatewayStopBudgetMs,
);
