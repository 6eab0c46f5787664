import { runComponent } from '@evalplan/common';
import { createActivityService } from './server';

runComponent('activity-service', (config, logger) => createActivityService(config, logger));
