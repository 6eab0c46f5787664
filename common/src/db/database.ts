import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { redactUrl } from '../config';
import type { Logger } from '../logger';
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

function openPostgres(url: string, options: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'evalplan',
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => options.logger.warn({ err: error }, 'idle PostgreSQL connection failed'));
  options.logger.info({ database: redactUrl(url) }, 'using PostgreSQL');
  return {
    kind: 'postgres',
    pool,
    ping: async (timeoutMs) => {
      await withTimeout(pool.query('SELECT 1'), timeoutMs, 'database ping');
    },
    close: () => pool.end(),
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
