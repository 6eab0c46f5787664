import { runComponent } from '@evalplan/common/runtime';
import { gatewayStopBudgetMs, loadGatewayConfig } from './config';
import { GatewayServer } from './server';

runComponent('gateway', loadGatewayConfig, (config, logger) => new GatewayServer(config, logger), gatewayStopBudgetMs);
