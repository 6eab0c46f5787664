import { runComponent } from '@evalplan/common';
import { loadWizardConfig } from './config';
import { createWizardService } from './server';

runComponent('wizard-service', loadWizardConfig, (config, logger) => createWizardService(config, logger));
