import path from 'node:path';
import type { Logger } from '../logging/logger';
import type { DependencyCheck } from '../dependencies/monitor';
import { openEmbedded } from './embedded/embedded-database';
import { openPostgres } from './postgres';
import type { Database } from './queryable';

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
  /** The pool's name in metrics (`db.client.connection.pool.name`): its component; `evalplan` when shared. */
  poolName?: string;
  logger: Logger;
}

/** PostgreSQL through node-postgres when a URL is given, PGlite under dataDir otherwise. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options)
    : openEmbedded({ directory: path.join(options.dataDir, 'pglite'), logger: options.logger, poolName: options.poolName });
}
