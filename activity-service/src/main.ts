import { runComponent } from '@evalplan/common/runtime';
import { loadActivityConfig } from './config';
import { createActivityService } from './server';

runComponent('activity-service', loadActivityConfig, (config, logger) => createActivityService(config, logger));
