import { runComponent } from '@evalplan/common';
import { createActivityService } from './server';

runComponent('activity-service', async (config, logger) => {
  const service = createActivityService(config, logger);
  await service.start();
  return service;
});
