/**
 * Database metrics, by the semantic conventions: the pool's connections
 * (`db.client.connection.count` by state used/idle,
 * `db.client.connection.pending_requests`), read from the pool when scraped
 * and so free for queries, and each query's `db.client.operation.duration`
 * (seconds). A query's attribute set is made once per statement text (our
 * statements are constants) and reused.
 */
import type { ObservableResult } from '@opentelemetry/api';
import { type BoundHistogram, fastHistogram } from '../telemetry/fast-histogram';
import { AttributeCache, DURATION_BUCKETS_S, meterOf } from '../telemetry/instruments';

/** What a pool tells about its connections when metrics are read. */
export interface PoolGauges {
  /** `db.client.connection.pool.name`: the component that owns the pool (`evalplan` for the shared one). */
  name: string;
  used(): number;
  idle(): number;
  pending(): number;
}

const meter = meterOf('evalplan.db');
const pools = new Set<PoolGauges>();
const connectionCount = meter.createObservableUpDownCounter('db.client.connection.count', {
  description: 'Connections of the pool, by state (used: checked out or running a query; idle).',
  unit: '{connection}',
});
const pendingRequests = meter.createObservableUpDownCounter('db.client.connection.pending_requests', {
  description: 'Callers waiting for a connection of the pool.',
  unit: '{request}',
});
// One callback for every pool of the process (the all-in-one process has one; tests open many).
connectionCount.addCallback((result: ObservableResult) => {
  for (const pool of pools) {
    result.observe(pool.used(), { 'db.client.connection.pool.name': pool.name, 'db.client.connection.state': 'used' });
    result.observe(pool.idle(), { 'db.client.connection.pool.name': pool.name, 'db.client.connection.state': 'idle' });
  }
});
pendingRequests.addCallback((result: ObservableResult) => {
  for (const pool of pools) result.observe(pool.pending(), { 'db.client.connection.pool.name': pool.name });
});

/** Reports a pool until the returned function is called (when it closes). */
export function observePool(pool: PoolGauges): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

// A fast histogram (../telemetry/fast-histogram.ts): a query is on most requests' path.
const operationDuration = fastHistogram('db.client.operation.duration', {
  description: 'Duration of database queries and COPYs.',
  unit: 's',
  boundaries: DURATION_BUCKETS_S,
});

/** Statement keywords named as they are; anything else is `other`, so the label stays bounded. */
const OPERATIONS = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'WITH',
  'COPY',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'SAVEPOINT',
  'RELEASE',
  'SET',
  'CREATE',
  'ALTER',
  'DROP',
  'LOCK',
  'TRUNCATE',
]);

/** `db.operation.name` of a statement: its first keyword (SELECT, INSERT, ...), or `other`. */
export function operationNameOf(text: string): string {
  const keyword = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase();
  return keyword !== undefined && OPERATIONS.has(keyword) ? keyword : 'other';
}

/** A SQLSTATE (five characters) when the error carries one, else `_OTHER`: `error.type` stays bounded. */
function errorTypeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : '_OTHER';
}

/** Times the queries of one pool. */
export class QueryDurations {
  /** The series of each statement's operation, by the statement's text. */
  private readonly byText: AttributeCache<BoundHistogram>;
  /** The series of failed statements, by operation and SQLSTATE. */
  private readonly failed: AttributeCache<BoundHistogram>;

  constructor(poolName: string) {
    const attributes = (operation: string) => ({
      'db.system.name': 'postgresql',
      'db.client.connection.pool.name': poolName,
      'db.operation.name': operation,
    });
    // Keyed by the statement's text, bounded: a caller building SQL with values in it would overflow into `other`.
    this.byText = new AttributeCache((text) => operationDuration.bind(attributes(operationNameOf(text))), 500);
    this.failed = new AttributeCache(
      (key) => {
        const [operation, errorType] = key.split(' ') as [string, string];
        return operationDuration.bind({ ...attributes(operation), 'error.type': errorType });
      },
      500,
      'other _OTHER',
    );
  }

  /**
   * Runs `work` (the query) and records how long it took, and its SQLSTATE when it failed. Chained with
   * then() rather than an async function: every query passes here, and an async wrapper costs it a promise more.
   */
  timed<T>(text: string, work: () => Promise<T>): Promise<T> {
    const startedAt = performance.now();
    return work().then(
      (result) => {
        this.byText.get(text).record((performance.now() - startedAt) / 1000);
        return result;
      },
      (error: unknown) => {
        this.failed.get(`${operationNameOf(text)} ${errorTypeOf(error)}`).record((performance.now() - startedAt) / 1000);
        throw error;
      },
    );
  }
}
