import type { Env, RuntimeSettings } from '../config';
import { createLogger, type Logger } from '../logging/logger';
import { metricsEndpoint, shutdownTelemetry } from '../telemetry/telemetry';

export interface Stoppable {
  stop(): Promise<void>;
}

/** A process's component: started once; stop() may come at any time, also while it is still starting. */
export interface Component extends Stoppable {
  start(): Promise<unknown>;
}

/**
 * Wires a process's entry point: SIGTERM or SIGINT stops the component
 * (which drains in-flight work within its own deadline), flushes telemetry
 * and exits 0; a stop that fails or overruns `timeoutMs` exits 1. A second
 * signal while stopping exits at once. Returns whether a signal came.
 */
export function stopOnSignals(component: Stoppable, logger: Logger, timeoutMs: number): { readonly stopping: boolean } {
  const state = { stopping: false };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (state.stopping) {
      logger.warn({ signal }, 'second signal while stopping; exiting now');
      process.exit(1);
    }
    state.stopping = true;
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
  return state;
}

/**
 * A process's entry point: loads and validates its configuration, creates
 * the component's logger, creates and starts the component, and stops it on
 * SIGTERM or SIGINT, also while it is still starting (waiting for its
 * database, say). A failed start (bad configuration, a dependency that never
 * came, a metrics port that is taken) is one clear line on stderr and exit code 1.
 */
export function runComponent<C extends RuntimeSettings>(
  name: string,
  loadConfig: (env: Env) => C,
  create: (config: C, logger: Logger) => Component,
  /** How long a stop may take in all; by default the drain's SHUTDOWN_TIMEOUT. */
  stopBudgetMs: (config: C) => number = (config) => config.shutdownTimeoutMs,
): void {
  let logger: Logger | undefined;
  let signals: { readonly stopping: boolean } | undefined;
  const main = async (): Promise<void> => {
    const config = loadConfig(process.env);
    logger = createLogger({ name, level: config.logLevel });
    // The preload's metrics endpoint: a port it could not take fails the start here, before the component
    // listens, rather than leaving a process that serves without metrics (docs/operations.md).
    const metrics = await metricsEndpoint();
    if (metrics) logger.info({ host: metrics.host, port: metrics.port }, 'metrics listening');
    const component = create(config, logger);
    signals = stopOnSignals(component, logger, stopBudgetMs(config));
    await component.start();
  };
  main().catch((error: unknown) => {
    // Stopped by a signal while starting: the signal handler exits.
    if (signals?.stopping) return;
    logger?.fatal({ err: error }, `${name} failed to start`);
    logger?.flush();
    process.stderr.write(`${name} failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
