import { runComponent } from '@evalplan/common';
import { createPdfService } from './server';

runComponent('pdf-service', async (config, logger) => {
  const service = createPdfService(config, logger);
  await service.start();
  return service;
});
