import { type Cache, openCache } from './cache/cache';
import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { runMigrations } from './db/migrations';
import { type ServiceBinding, GrpcServer } from './grpc/server';
import type { Logger } from './logger';

/** What the host opens for a service before it binds its handlers. */
export interface ServiceResources {
  db: Database | undefined;
  cache: Cache | undefined;
}

/** Shared resources a caller can pass in (the all-in-one stack shares one embedded database and store). */
export interface SharedResources {
  db?: Database;
  cache?: Cache;
}

export interface ServiceDefinition {
  /** e.g. "auth-service" */
  name: string;
  /** Prefix of the service's migration table, e.g. "auth". */
  migrationPrefix: string;
  listenAddress: string;
  needsDatabase: boolean;
  needsCache: boolean;
  /** Folder with NNN_name.sql files; only with needsDatabase. */
  migrationsDir?: string;
  bindings(resources: ServiceResources): ServiceBinding[];
  /** Background work to stop before the resources close (e.g. purge timers). */
  onStop?(): Promise<void>;
}

/**
 * The common life of every gRPC service: open (or borrow) the database and
 * cache, apply migrations, serve with health checks, and on stop drain calls
 * before closing what it opened itself.
 */
export class ServiceHost {
  private server: GrpcServer | undefined;
  private owned: Array<{ close(): Promise<void> }> = [];
  private resources: ServiceResources = { db: undefined, cache: undefined };

  constructor(
    private readonly definition: ServiceDefinition,
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly shared: SharedResources = {},
  ) {}

  get port(): number {
    return this.server?.boundPort ?? 0;
  }

  async start(): Promise<number> {
    const { definition, logger } = this;
    try {
      const db = definition.needsDatabase ? await this.borrowOrOpenDatabase() : undefined;
      const cache = definition.needsCache ? await this.borrowOrOpenCache() : undefined;
      this.resources = { db, cache };
      if (db && definition.migrationsDir) {
        await runMigrations(db.pool, { service: definition.migrationPrefix, directory: definition.migrationsDir, logger });
      }
      this.server = new GrpcServer({
        name: definition.name,
        address: definition.listenAddress,
        services: definition.bindings(this.resources),
        logger,
      });
      return await this.server.start();
    } catch (error) {
      await this.closeOwned();
      throw error;
    }
  }

  async stop(): Promise<void> {
    await this.server?.stop(this.config.shutdownTimeoutMs);
    await this.definition.onStop?.();
    await this.closeOwned();
  }

  private async borrowOrOpenDatabase(): Promise<Database> {
    if (this.shared.db) return this.shared.db;
    const db = await openDatabase({
      url: this.config.databaseUrl,
      dataDir: this.config.dataDir,
      poolSize: this.config.databasePoolSize,
      logger: this.logger,
    });
    this.owned.push(db);
    return db;
  }

  private async borrowOrOpenCache(): Promise<Cache> {
    if (this.shared.cache) return this.shared.cache;
    const cache = await openCache({ url: this.config.redisUrl, logger: this.logger });
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
