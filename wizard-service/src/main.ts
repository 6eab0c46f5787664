import { runComponent } from '@evalplan/common';
import { createWizardService } from './server';

runComponent('wizard-service', (config, logger) => createWizardService(config, logger));
