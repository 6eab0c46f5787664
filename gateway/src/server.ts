import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AppError,
  type Cache,
  type Config,
  type Database,
  type Logger,
  openCache,
  openDatabase,
  type SharedResources,
} from '@evalplan/common';
import { ActivityRecorder } from './activity/recorder';
import { encodeRequestBatch } from './activity/request-batch';
import type { RequestEvent } from './activity/request-event';
import { createApp } from './app';
import { answerClientError } from './client-errors';
import { createServiceClients, type ServiceClients } from './clients';

/**
 * The HTTP gateway: start() opens (or borrows) the database and cache it
 * checks for readiness, creates the gRPC client pools and listens; stop()
 * stops accepting, lets in-flight requests finish until the shutdown
 * deadline, then closes connections, pools and what it opened.
 */
export class GatewayServer {
  private server: http.Server | undefined;
  private clients: ServiceClients | undefined;
  private recorder: ActivityRecorder<RequestEvent> | undefined;
  private owned: Array<{ close(): Promise<void> }> = [];

  constructor(
    private readonly config: Config,
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
    const db: Database =
      this.shared.db ?? this.own(await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2, logger }));
    const cache: Cache = this.shared.cache ?? this.own(await openCache({ url: config.redisUrl, logger }));
    const clients = createServiceClients(config);
    this.clients = clients;
    if (config.activity.enabled) {
      this.recorder = new ActivityRecorder(
        async (events) => {
          await clients.activity.unary('RecordBatch', { requestRows: encodeRequestBatch(events) });
        },
        // A batch activity-service calls malformed would be refused again on every retry.
        { ...config.activity, isPermanent: (error) => error instanceof AppError && error.code === 'INVALID_INPUT' },
        logger,
      );
    }
    const app = createApp({ config, logger, db, cache, clients, recorder: this.recorder });

    const server = http.createServer(app.callback());
    const recorder = this.recorder;
    server.on('clientError', answerClientError(recorder && ((event) => recorder.record(event))));
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
    return this.port;
  }

  async stop(): Promise<void> {
    const stopBy = Date.now() + this.config.shutdownTimeoutMs;
    const server = this.server;
    if (server) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.logger.warn('in-flight requests did not finish in time; closing connections');
          server.closeAllConnections();
        }, this.config.shutdownTimeoutMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
    }
    // In-flight requests are done: what they recorded goes out before the channels close,
    // within what is left of the shutdown budget (at least a moment for the last batch).
    await this.recorder?.stop(Math.max(500, stopBy - Date.now()));
    this.clients?.close();
    for (const resource of this.owned.reverse()) await resource.close();
    this.owned = [];
  }

  private own<T extends { close(): Promise<void> }>(resource: T): T {
    this.owned.push(resource);
    return resource;
  }
}
