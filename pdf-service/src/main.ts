import { runComponent } from '@evalplan/common/runtime';
import { loadPdfConfig } from './config';
import { createPdfService } from './server';

runComponent('pdf-service', loadPdfConfig, (config, logger) => createPdfService(config, logger));
