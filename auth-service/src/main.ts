import { runComponent } from '@evalplan/common';
import { createAuthService } from './server';

runComponent('auth-service', (config, logger) => createAuthService(config, logger));
