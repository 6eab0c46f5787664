import { type Config, loadConfig } from './config';
import { createLogger, type Logger } from './logger';
import { shutdownTelemetry } from './telemetry';

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Wires a process's entry point: SIGTERM or SIGINT stops the component
 * (which drains in-flight work within its own deadline), flushes telemetry
 * and exits 0; a stop that fails or overruns `timeoutMs` exits 1. A second
 * signal while stopping exits at once.
 */
export function stopOnSignals(component: Stoppable, logger: Logger, timeoutMs: number): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logger.warn({ signal }, 'second signal while stopping; exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const guard = setTimeout(() => {
      logger.error(`shutdown did not finish within ${timeoutMs} ms`);
      process.exit(1);
    }, timeoutMs + 2_000);
    guard.unref();
    component
      .stop()
      .then(() => shutdownTelemetry())
      .then(
        () => {
          logger.info('stopped');
          logger.flush();
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          logger.flush();
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
}

/**
 * A process's entry point: loads and validates the configuration, creates
 * the component's logger, starts the component and stops it on SIGTERM or
 * SIGINT. A failed start (bad configuration included) is one clear line on
 * stderr and exit code 1.
 */
export function runComponent(name: string, start: (config: Config, logger: Logger) => Promise<Stoppable>): void {
  let logger: Logger | undefined;
  const main = async (): Promise<void> => {
    const config = loadConfig();
    logger = createLogger({ name, level: config.logLevel });
    const component = await start(config, logger);
    stopOnSignals(component, logger, config.shutdownTimeoutMs);
  };
  main().catch((error: unknown) => {
    logger?.fatal({ err: error }, `${name} failed to start`);
    logger?.flush();
    process.stderr.write(`${name} failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
