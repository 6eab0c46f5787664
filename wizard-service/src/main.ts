import { runComponent } from '@evalplan/common/runtime';
import { loadWizardConfig } from './config';
import { createWizardService } from './server';

runComponent('wizard-service', loadWizardConfig, (config, logger) => createWizardService(config, logger));
