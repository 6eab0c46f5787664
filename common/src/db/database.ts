import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { redactUrl } from '../config';
import type { Logger } from '../logger';
import type { DependencyCheck } from '../dependencies/monitor';
import { withTimeout } from '../timeout';

/** Plain-SQL access shared by every repository: node-postgres' pool interface. */
export type Queryable = Pick<pg.Pool, 'query' | 'connect'>;

/** Anything that runs SQL: the pool, or one connection inside a transaction. */
export type SqlExecutor = Pick<pg.ClientBase, 'query'>;

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly pool: Queryable;
  /** Resolves when a trivial query answers within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** How the monitor and start-up see a database: PostgreSQL can go away; an embedded PGlite cannot. */
export function databaseCheck(db: Database): DependencyCheck | undefined {
  return db.kind === 'postgres' ? { name: 'database', label: 'PostgreSQL', ping: (timeoutMs) => db.ping(timeoutMs) } : undefined;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without one an embedded PGlite database is used. */
  url: string | undefined;
  /** Where the embedded database keeps its files (DATA_DIR). */
  dataDir: string;
  poolSize: number;
  logger: Logger;
}

/** PostgreSQL through node-postgres when a URL is given, PGlite under dataDir otherwise. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

/**
 * A pool whose connections can fail at any moment (PostgreSQL restarted, a
 * network cut) without taking the process down: node-postgres emits 'error'
 * on a client whose socket died, and an 'error' event nobody listens to ends
 * the process. The pool listens only while a client is idle; a client checked
 * out for a transaction or a COPY had no listener. Every client now has one
 * for its whole life; the work that was using it fails with the error, and
 * the pool replaces it. Outages are logged once by the dependency monitor,
 * so each failed connection is only a debug line.
 */
function resilientPool(config: pg.PoolConfig, logger: Logger): pg.Pool {
  const pool = new pg.Pool(config);
  const onConnectionError = (error: Error): void => logger.debug({ err: error }, 'PostgreSQL connection failed');
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  return pool;
}

function openPostgres(url: string, options: DatabaseOptions): Database {
  const settings: pg.PoolConfig = {
    connectionString: url,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Finds a connection whose peer vanished without a word (a host gone, a network cut).
    keepAlive: true,
    application_name: 'evalplan',
  };
  const pool = resilientPool({ ...settings, max: options.poolSize }, options.logger);
  // Readiness has a connection of its own: a pool busy with traffic must not make a live database look dead.
  const probe = resilientPool({ ...settings, max: 1, idleTimeoutMillis: 0 }, options.logger);
  options.logger.info({ database: redactUrl(url) }, 'using PostgreSQL');
  return {
    kind: 'postgres',
    pool,
    ping: async (timeoutMs) => {
      await withTimeout(probe.query('SELECT 1'), timeoutMs, 'database ping');
    },
    close: async () => {
      await Promise.all([pool.end(), probe.end()]);
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const directory = path.join(options.dataDir, 'pglite');
  await mkdir(directory, { recursive: true });
  const pglite = await PGlite.create(directory);
  // PGlite is a single connection: the pool must not open more than one.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  options.logger.info({ directory }, 'using embedded PGlite database');
  return {
    kind: 'pglite',
    pool,
    ping: async (timeoutMs) => {
      await withTimeout(pool.query('SELECT 1'), timeoutMs, 'database ping');
    },
    close: async () => {
      await pool.end();
      await pglite.close();
    },
  };
}
