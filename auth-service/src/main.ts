import { runComponent } from '@evalplan/common';
import { createAuthService } from './server';

runComponent('auth-service', async (config, logger) => {
  const service = createAuthService(config, logger);
  await service.start();
  return service;
});
