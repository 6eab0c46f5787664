import { runComponent } from '@evalplan/common';
import { GatewayServer } from './server';

runComponent('gateway', (config, logger) => new GatewayServer(config, logger));
