import { runComponent } from '@evalplan/common/runtime';
import { loadPdfConfig } from './config';
import { tuneV8ForRendering } from './render/v8-flags';
import { createPdfService } from './server';

// Process-wide V8 flag for the render pool's workers: render/v8-flags.ts.
tuneV8ForRendering();

runComponent('pdf-service', loadPdfConfig, (config, logger) => createPdfService(config, logger));
