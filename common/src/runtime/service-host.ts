import { type Cache, openCache } from '../cache/cache';
import type {
  CacheSettings,
  DatabaseSettings,
  DependencySettings,
  GrpcMessageSettings,
  RuntimeSettings,
  ServiceListens,
  ServiceName,
} from '../config';
import { openDatabase } from '../db/database';
import type { Database } from '../db/queryable';
import { runMigrations } from '../db/migrations';
import type { DependencyMonitor } from '../dependencies/monitor';
import { processDependencies } from '../dependencies/process-dependencies';
import { type BindOptions, type DependencyName, type ServiceBinding, GrpcServer } from '../grpc/rpc/server';
import type { LocalServices } from '../grpc/transport/local-services';
import type { Logger } from '../logging/logger';

/** What a service opened: a database and a cache exactly when its definition asked for them. */
export interface ServiceResources<Db extends Database | undefined = Database | undefined, C extends Cache | undefined = Cache | undefined> {
  db: Db;
  cache: C;
  /** Whether PostgreSQL and Redis answer, watched for readiness and outage logs. */
  dependencies: DependencyMonitor;
  /** For bindService: the service's logger, and the monitor told of calls a dependency failed. */
  bind: BindOptions;
}

/**
 * Shared resources a caller can pass in: the all-in-one stack shares one
 * embedded database and store, and its services call each other in process.
 */
export interface SharedResources {
  db?: Database;
  cache?: Cache;
  local?: LocalServices;
}

/** What the host itself reads: the process's runtime, its dependency waits and its server's message cap. */
export type ServiceHostSettings = RuntimeSettings & DependencySettings & GrpcMessageSettings;

export interface ServiceDefinition<
  N extends ServiceName,
  D extends DatabaseSettings | undefined = undefined,
  C extends CacheSettings | undefined = undefined,
> {
  /** Which service: it is named "<service>-service", listens at its <SERVICE>_SERVICE_ADDR, and prefixes its migration table with it. */
  service: N;
  /** The settings of its database, for a service that has one (PGlite in DATA_DIR without DATABASE_URL). */
  database?: D;
  /** The settings of its cache, for a service that has one. */
  cache?: C;
  /**
   * Dependencies whose outage the service rides out on its own (activity-service
   * spools events while PostgreSQL is away): it stays SERVING through them.
   */
  servesWithout?: ReadonlyArray<DependencyName>;
  /** Folder with NNN_name.sql files; only with a database. */
  migrationsDir?: string;
  bindings(
    resources: ServiceResources<D extends DatabaseSettings ? Database : undefined, C extends CacheSettings ? Cache : undefined>,
  ): ServiceBinding[];
  /** Background work to stop before the resources close (e.g. purge timers). */
  onStop?(): Promise<void>;
}

/**
 * The common life of every gRPC service: listen at once (health answers, not
 * ready yet), open (or borrow) the database and cache and wait for them
 * (pods start before their database), apply migrations (unless
 * RUN_MIGRATIONS=false: a separate step applies them), bind the handlers,
 * and from then on report readiness as the dependencies come and go. On stop
 * it drains calls before closing what it opened itself.
 */
export class ServiceHost<
  N extends ServiceName = ServiceName,
  D extends DatabaseSettings | undefined = undefined,
  C extends CacheSettings | undefined = undefined,
> {
  /** e.g. "auth-service": its logs, health and in-process registration say so. */
  readonly name: string;

  private server: GrpcServer | undefined;
  private monitor: DependencyMonitor | undefined;
  private owned: Array<{ close(): Promise<void> }> = [];
  /** Aborts the wait for dependencies when stop() comes while still starting. */
  private startup = new AbortController();
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly definition: ServiceDefinition<N, D, C>,
    private readonly config: ServiceHostSettings & ServiceListens<N>,
    private readonly logger: Logger,
    private readonly shared: SharedResources = {},
  ) {
    this.name = `${definition.service}-service`;
  }

  get port(): number {
    return this.server?.boundPort ?? 0;
  }

  async start(): Promise<number> {
    const { definition, config, logger } = this;
    // A host can be stopped and started again (tests do): each start has a stop of its own.
    this.startup = new AbortController();
    this.stopping = undefined;
    const server = new GrpcServer({
      name: this.name,
      address: config.services[definition.service].listen,
      logger,
      maxMessageBytes: config.grpcMaxMessageBytes,
    });
    this.server = server;
    const port = await server.start();
    // Callers in this process reach it from now on, with the same answers as over the network ("starting" first).
    this.shared.local?.register(this.name, server);
    try {
      const db = definition.database ? await this.borrowOrOpenDatabase(definition.database) : undefined;
      const cache = definition.cache ? await this.borrowOrOpenCache(definition.cache) : undefined;
      const { checks, monitor, waitUntilReachable } = processDependencies(db, cache, config, logger);
      this.monitor = monitor;
      await waitUntilReachable(this.startup.signal);
      if (db && definition.migrationsDir) {
        // RUN_MIGRATIONS=false: a separate step (the chart's migration Job) keeps the schema current.
        if (definition.database?.runMigrations === false) logger.info('migrations left to a separate step (RUN_MIGRATIONS=false)');
        else await runMigrations(db.pool, { service: definition.service, directory: definition.migrationsDir, logger });
      }
      // db and cache were opened exactly when the definition named their settings, as its type says.
      const bindings = definition.bindings({
        db: db as D extends DatabaseSettings ? Database : undefined,
        cache: cache as C extends CacheSettings ? Cache : undefined,
        dependencies: monitor,
        bind: { logger, onDependencyFailure: () => monitor.reportFailure() },
      });
      const required = checks.filter((check) => !definition.servesWithout?.includes(check.name as DependencyName));
      const ready = (): boolean => required.every((check) => monitor.isUp(check.name));
      // Each dependency it uses, for the gateway's /ready (an embedded one is never watched, so always up).
      const used: DependencyName[] = [...(db ? (['database'] as const) : []), ...(cache ? (['cache'] as const) : [])];
      const publishDependencies = (): void => {
        for (const dependency of used) server.setDependencyStatus(dependency, monitor.isUp(dependency));
      };
      monitor.onChange(() => {
        server.setServing(ready());
        publishDependencies();
      });
      await monitor.start();
      publishDependencies();
      server.serve(bindings, ready());
      logger.info({ serving: ready() }, 'ready to serve');
      return port;
    } catch (error) {
      await this.stop().catch(() => undefined);
      throw error;
    }
  }

  /** Drains and closes; safe to call more than once, and while start() is still waiting. */
  stop(): Promise<void> {
    this.startup.abort();
    this.stopping ??= (async () => {
      const server = this.server;
      await server?.stop(this.config.shutdownTimeoutMs);
      if (server) this.shared.local?.unregister(this.name, server);
      this.monitor?.stop();
      await this.definition.onStop?.();
      await this.closeOwned();
    })();
    return this.stopping;
  }

  private async borrowOrOpenDatabase(settings: DatabaseSettings): Promise<Database> {
    if (this.shared.db) return this.shared.db;
    const db = await openDatabase({
      url: settings.databaseUrl,
      dataDir: settings.dataDir,
      poolSize: settings.databasePoolSize,
      poolName: this.name,
      logger: this.logger,
    });
    this.owned.push(db);
    return db;
  }

  private async borrowOrOpenCache(settings: CacheSettings): Promise<Cache> {
    if (this.shared.cache) return this.shared.cache;
    const cache = await openCache({ url: settings.redisUrl, logger: this.logger });
    this.owned.push(cache);
    return cache;
  }

  private async closeOwned(): Promise<void> {
    const owned = this.owned.reverse();
    this.owned = [];
    for (const resource of owned) {
      await resource.close().catch((error: unknown) => this.logger.warn({ err: error }, 'closing a resource failed'));
    }
  }
}
