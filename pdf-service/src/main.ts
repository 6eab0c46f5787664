import { runComponent } from '@evalplan/common';
import { createPdfService } from './server';

runComponent('pdf-service', (config, logger) => createPdfService(config, logger));
