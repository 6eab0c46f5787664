import { runComponent } from '@evalplan/common';
import { createWizardService } from './server';

runComponent('wizard-service', async (config, logger) => {
  const service = createWizardService(config, logger);
  await service.start();
  return service;
});
