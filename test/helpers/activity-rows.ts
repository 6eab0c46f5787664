import type { SqlExecutor } from '@evalplan/common/db';
import { Client } from 'pg';

async function withClient<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const byPrefix = `left(metadata->>'request_id', length($1)) = $1`;

/** Activity rows whose request id starts with the prefix (a run's requests). */
export function countActivityRows(databaseUrl: string, prefix: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: string }>(`SELECT count(*) AS count FROM activity_events WHERE ${byPrefix}`, [prefix]);
    return Number(rows[0]!.count);
  });
}

/** Which of these request ids have an activity row: the gateway answered those requests. */
export function requestIdsWithRows(databaseUrl: string, requestIds: string[]): Promise<Set<string>> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ request_id: string }>(
      `SELECT DISTINCT metadata->>'request_id' AS request_id FROM activity_events WHERE metadata->>'request_id' = ANY($1)`,
      [requestIds],
    );
    return new Set(rows.map((row) => row.request_id));
  });
}

/**
 * The run's stored row count once it settles: events are batched in the
 * gateway and may wait in activity-service's spool for replay, so the count
 * is polled until it reaches `expected`, or has not moved for `quietMs`, or
 * `timeoutMs` has passed.
 */
export async function settledActivityRows(
  databaseUrl: string,
  prefix: string,
  expected: number,
  { timeoutMs = 30_000, quietMs = 10_000 } = {},
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let count = await countActivityRows(databaseUrl, prefix);
  let changedAt = Date.now();
  while (count !== expected && Date.now() < deadline && Date.now() - changedAt < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await countActivityRows(databaseUrl, prefix);
    if (next !== count) changedAt = Date.now();
    count = next;
  }
  return count;
}

/** An activity_events row as activityRowsOf selects it. */
export interface ActivityRow {
  request_id: string;
  event_type: string;
  session_id: string | null;
  project_id: string | null;
  method: string;
  path: string;
  status_code: number | null;
}

/**
 * The stored row of each request id (its answer's X-Request-Id), polled
 * until every one is there (the gateway sends events in batches) or
 * `timeoutMs` has passed: a request without a row is missing from the map.
 */
export async function activityRowsOf(pool: SqlExecutor, requestIds: string[], timeoutMs = 10_000): Promise<Map<string, ActivityRow>> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<ActivityRow>(
      `SELECT metadata->>'request_id' AS request_id, event_type, session_id, project_id, method, path, status_code
         FROM activity_events WHERE metadata->>'request_id' = ANY($1)`,
      [requestIds],
    );
    const found = new Map(rows.map((row) => [row.request_id, row]));
    if (found.size >= requestIds.length || Date.now() > giveUpAt) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
