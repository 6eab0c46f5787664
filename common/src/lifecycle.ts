import type { Logger } from './logger';
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

/** Runs an entry point, turning a failed start into one clear log line and exit code 1. */
export function runMain(name: string, main: () => Promise<void>, logger?: Logger): void {
  main().catch((error: unknown) => {
    if (logger) {
      logger.fatal({ err: error }, `${name} failed to start`);
      logger.flush();
    }
    process.stderr.write(`${name} failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
