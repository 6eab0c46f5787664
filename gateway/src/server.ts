import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Cache, openCache } from '@evalplan/common/cache';
import { type DependencyMonitor, processDependencies } from '@evalplan/common/dependencies';
import { AppError } from '@evalplan/common/errors';
import { type Logger } from '@evalplan/common/logging';
import { type SharedResources } from '@evalplan/common/runtime';
import { ActivityRecorder } from './activity/recorder';
import { MAX_BATCH_BYTES, maxEncodedBytes, recordBatchRequest } from './activity/request-batch';
import type { RequestEvent } from './activity/request-event';
import { createApp } from './app';
import { answerClientError } from './middleware/client-errors';
import { createServiceClients, type ServiceClients } from './clients';
import type { GatewayConfig } from './config';
import { Drain } from './middleware/drain';

/** While draining, connections that turned idle are closed this often (keep-alive clients must not linger). */
const IDLE_SWEEP_MS = 100;

/**
 * The HTTP gateway. start() listens at once (so /health answers while it
 * waits for PostgreSQL and Redis, and /ready says not yet), then waits for
 * them (pods start before their database) and watches them from then on.
 * stop() stops accepting, answers what is in flight with `Connection: close`,
 * closes idle keep-alive connections at once, sends the activity still queued
 * within its own budget, then closes the pools and what it opened.
 */
export class GatewayServer {
  private server: http.Server | undefined;
  private clients: ServiceClients | undefined;
  private recorder: ActivityRecorder<RequestEvent> | undefined;
  private monitor: DependencyMonitor | undefined;
  private readonly drain = new Drain();
  private owned: Array<{ close(): Promise<void> }> = [];
  /** Aborts the wait for dependencies when stop() comes while still starting. */
  private startup = new AbortController();
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly config: GatewayConfig,
    private readonly logger: Logger,
    private readonly shared: SharedResources = {},
  ) {}

  /** The activity recorder (undefined with ACTIVITY_RECORDING=false): queue size, drops, deliveries. */
  get activity(): ActivityRecorder<RequestEvent> | undefined {
    return this.recorder;
  }

  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  async start(): Promise<number> {
    const { config, logger } = this;
    // Stopped and started again (tests do): each start has a stop of its own.
    this.startup = new AbortController();
    this.stopping = undefined;
    this.drain.draining = false;
    // No database of its own: the services report theirs (/ready). Redis holds the token blacklist the guard reads.
    const cache: Cache = this.shared.cache ?? this.own(await openCache({ url: config.redisUrl, logger }));
    const { monitor, waitUntilReachable } = processDependencies(undefined, cache, config, logger);
    this.monitor = monitor;
    const clients = createServiceClients(config, logger, this.shared.local);
    this.clients = clients;
    if (config.activity.enabled) {
      this.recorder = new ActivityRecorder(
        async (events) => {
          await clients.activity.unary('RecordBatch', recordBatchRequest(events));
        },
        {
          ...config.activity,
          maxBatchBytes: MAX_BATCH_BYTES,
          sizeOf: maxEncodedBytes,
          summaryIntervalMs: config.incidentSummaryIntervalMs,
          // A batch activity-service calls malformed would be refused again on every retry.
          isPermanent: (error) => error instanceof AppError && error.code === 'INVALID_INPUT',
        },
        logger,
      );
    }
    const app = createApp({ config, logger, cache, clients, recorder: this.recorder, drain: this.drain, dependencies: monitor });

    const server = http.createServer(app.callback());
    const recorder = this.recorder;
    server.on('clientError', answerClientError(recorder && ((event) => recorder.record(event))));
    // Expect: 100-continue goes to the app, which says "continue" only to a body it will read
    // (middleware/body.ts): one over the limit, or of the wrong type, is refused before it is uploaded.
    server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => server.emit('request', req, res));
    // Slightly above typical load-balancer idle timeouts, so they close first.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.requestTimeout = 60_000;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    logger.info({ port: this.port, host: config.host }, 'gateway listening');
    try {
      await waitUntilReachable(this.startup.signal);
      await monitor.start();
    } catch (error) {
      await this.stop().catch(() => undefined);
      throw error;
    }
    return this.port;
  }

  /** Drains and closes; safe to call more than once, and while start() is still waiting. */
  stop(): Promise<void> {
    this.startup.abort();
    this.stopping ??= (async () => {
      this.drain.draining = true;
      const giveUpAt = Date.now() + this.config.shutdownTimeoutMs;
      if (this.server) await this.closeConnections(this.server);
      await this.finishAbandonedHandlers(giveUpAt);
      this.monitor?.stop();
      // In-flight requests are done: what they recorded goes out before the channels close, within its own budget.
      await this.recorder?.stop(this.config.activity.flushTimeoutMs);
      this.clients?.close();
      for (const resource of this.owned.reverse()) await resource.close();
      this.owned = [];
    })();
    return this.stopping;
  }

  /**
   * Stops accepting and waits for the requests in flight, up to
   * SHUTDOWN_TIMEOUT. Responses now carry `Connection: close`; a keep-alive
   * connection is closed as soon as it is idle (also one whose response was
   * already on its way when the drain began), so the drain lasts as long as
   * the slowest request, not as long as the clients' keep-alive.
   */
  private async closeConnections(server: http.Server): Promise<void> {
    const startedAt = Date.now();
    await new Promise<void>((resolve) => {
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const deadline = setTimeout(() => {
        this.logger.warn('in-flight requests did not finish in time; closing connections');
        server.closeAllConnections();
      }, this.config.shutdownTimeoutMs);
      deadline.unref();
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(deadline);
        resolve();
      });
      server.closeIdleConnections();
    });
    this.logger.info({ drained_in_ms: Date.now() - startedAt }, 'gateway stopped accepting; in-flight requests answered');
  }

  /**
   * Waits, up to the shutdown budget, for handlers still working for clients
   * that already left (a PDF being generated, say): their writes and activity
   * event land before the services and the database close under them.
   */
  private async finishAbandonedHandlers(giveUpAt: number): Promise<void> {
    const running = this.drain.inFlight;
    if (running === 0) return;
    const startedAt = Date.now();
    const left = await this.drain.settled(giveUpAt - startedAt);
    const figures = { handlers: running, unfinished: left, waited_ms: Date.now() - startedAt };
    if (left > 0) this.logger.warn(figures, 'handlers of requests whose clients left did not finish in time; stopping under them');
    else this.logger.info(figures, 'handlers of requests whose clients left finished');
  }

  private own<T extends { close(): Promise<void> }>(resource: T): T {
    this.owned.push(resource);
    return resource;
  }
}
