import { runComponent } from '@evalplan/common/runtime';
import { gatewayStopBudgetMs } from '@evalplan/gateway';
import { tuneV8ForRendering } from '@evalplan/pdf-service';
import { loadStackConfig } from './config';
import { type Stack, startStack } from './stack';

/**
 * V8's optimising compiler needs over 500 MB to compile one function of
 * PGlite's WebAssembly; its baseline code serves the embedded database well
 * enough. `npm start` and the image's entrypoint pass the flag: V8 takes it
 * only on the command line.
 */
const BASELINE_WASM_FLAG = '--liftoff-only';

// Process-wide V8 flag for pdf-service's render workers, which run in this process too.
tuneV8ForRendering();

runComponent(
  'evalplan',
  loadStackConfig,
  (config, logger) => {
    let starting: Promise<Stack> | undefined;
    return {
      start: async () => {
        if (config.databaseUrl === undefined && !process.execArgv.includes(BASELINE_WASM_FLAG)) {
          logger.warn(
            `started without ${BASELINE_WASM_FLAG}: the embedded database will take about 500 MB more memory while it starts (docs/decisions.md, 32)`,
          );
        }
        starting = startStack(config);
        const stack = await starting;
        logger.info({ url: `http://localhost:${stack.port}` }, 'evalplan is ready');
      },
      // A signal while starting: stop what came up once the start is over.
      stop: async () => {
        const stack = await starting?.catch(() => undefined);
        await stack?.stop();
      },
    };
  },
  // The gateway's budget covers the services' drains, which run within the same SHUTDOWN_TIMEOUT.
  gatewayStopBudgetMs,
);
