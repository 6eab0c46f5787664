import { runComponent } from '@evalplan/common/runtime';
import { loadAuthConfig } from './config';
import { createAuthService } from './server';

runComponent('auth-service', loadAuthConfig, (config, logger) => createAuthService(config, logger));
