import { runComponent } from '@evalplan/common';
import { GatewayServer } from './server';

runComponent('gateway', async (config, logger) => {
  const gateway = new GatewayServer(config, logger);
  await gateway.start();
  return gateway;
});
