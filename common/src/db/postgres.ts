import pg from 'pg';
import { redactUrl } from '../config';
import type { Logger } from '../logging/logger';
import { withTimeout } from '../runtime/timeout';
import { copyIn } from './copy-in';
import { observePool, QueryDurations } from './metrics';
import type { Connection, Database, Queryable, QueryConfig, QueryResult, Row } from './queryable';

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

// node-postgres' typings list its overloads (submittables, array rows); repositories use the plain one.
type PlainQuery = (query: string | QueryConfig, values?: readonly unknown[]) => Promise<QueryResult<Row>>;

const textOf = (query: string | QueryConfig): string => (typeof query === 'string' ? query : query.text);

function connectionOf(client: pg.PoolClient, durations: QueryDurations): Connection {
  const query = client.query.bind(client) as PlainQuery;
  return {
    query: ((text: string | QueryConfig, values?: readonly unknown[]) =>
      durations.timed(textOf(text), () => query(text, values))) as Connection['query'],
    copyFrom: (statement, data) => durations.timed(statement, () => copyIn(client, statement, data)),
    release: (broken) => client.release(broken),
  };
}

/** node-postgres' pool, seen through the Queryable every repository uses; each query timed (metrics.ts). */
function queryableOf(pool: pg.Pool, durations: QueryDurations): Queryable {
  const query = pool.query.bind(pool) as PlainQuery;
  return {
    query: ((text: string | QueryConfig, values?: readonly unknown[]) =>
      durations.timed(textOf(text), () => query(text, values))) as Queryable['query'],
    connect: async () => connectionOf(await pool.connect(), durations),
  };
}

export interface PostgresOptions {
  poolSize: number;
  /** The pool's name in metrics; `evalplan` by default. */
  poolName?: string;
  logger: Logger;
}

export function openPostgres(url: string, options: PostgresOptions): Database {
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
  const poolName = options.poolName ?? 'evalplan';
  // Read when metrics are scraped; the readiness probe's own connection is not part of the pool reported.
  const unobserve = observePool({
    name: poolName,
    used: () => pool.totalCount - pool.idleCount,
    idle: () => pool.idleCount,
    pending: () => pool.waitingCount,
  });
  return {
    kind: 'postgres',
    pool: queryableOf(pool, new QueryDurations(poolName)),
    ping: async (timeoutMs) => {
      await withTimeout(probe.query('SELECT 1'), timeoutMs, 'database ping');
    },
    close: async () => {
      unobserve();
      await Promise.all([pool.end(), probe.end()]);
    },
  };
}
