import type { SqlExecutor } from '@evalplan/common/db';

/** Where an export page ends: the last row's created_at at full precision (text) and id. */
export interface EventCursor {
  createdAt: string;
  id: string;
}

/** A stored event as an export shows it (no id, no user id: the export is the user's own). */
export interface UserEventRow {
  event_type: string;
  session_id: string | null;
  project_id: string | null;
  method: string;
  path: string;
  status_code: number | null;
  duration_ms: number | null;
  metadata_json: string;
  created_at_iso: string;
}

const COLUMNS = `event_type, session_id, project_id, method, path, status_code, duration_ms, metadata::text AS metadata_json,
                 to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at_iso,
                 created_at::text AS cursor_at, id`;
// Keyset pages on (created_at, id) through activity_events_user_created_at, which is (user_id, created_at, id):
// each partition's index gives the rows in page order, so a page reads only its own rows however long the history.
// The bare created_at bound lets the next page skip the partitions before the cursor (the row comparison does not).
const FIRST_PAGE = `SELECT ${COLUMNS} FROM activity_events WHERE user_id = $1 ORDER BY created_at, id LIMIT $2`;
const NEXT_PAGE = `SELECT ${COLUMNS} FROM activity_events
                    WHERE user_id = $1 AND created_at >= $3::timestamptz AND (created_at, id) > ($3::timestamptz, $4::uuid)
                    ORDER BY created_at, id LIMIT $2`;
// Small batches: a long history never holds one lock over all its rows. The batch is the user's first rows in
// the user index's order, so each one reads only its own rows (the ones already forgotten have left the index);
// a row is its (created_at, id), the partitioned table's key (an id alone may repeat at another time), and
// the user condition repeated outside makes a row another statement changed meanwhile no concern of this one.
const FORGET_BATCH = `UPDATE activity_events SET user_id = NULL
                       WHERE user_id = $1
                         AND (created_at, id) IN (SELECT created_at, id FROM activity_events WHERE user_id = $1
                                                   ORDER BY created_at, id LIMIT $2)`;
const SWEEP = `UPDATE activity_events SET user_id = NULL
                WHERE user_id IN (SELECT user_id FROM forgotten_users WHERE forgotten_at >= now() - $1 * interval '1 millisecond')`;

/** The export's page queries, for tests of their plans. */
export const EXPORT_PAGE_QUERIES = { first: FIRST_PAGE, next: NEXT_PAGE } as const;

type PageRecord = UserEventRow & { cursor_at: string; id: string };

/** A user's events: the data export reads them, account deletion takes the user id off them. */
export const userEventsRepository = {
  async page(
    db: SqlExecutor,
    userId: string,
    after: EventCursor | undefined,
    limit: number,
  ): Promise<{ rows: UserEventRow[]; next?: EventCursor }> {
    const result = after
      ? await db.query<PageRecord>({ name: 'user-events-next', text: NEXT_PAGE, values: [userId, limit, after.createdAt, after.id] })
      : await db.query<PageRecord>({ name: 'user-events-first', text: FIRST_PAGE, values: [userId, limit] });
    const last = result.rows[result.rows.length - 1];
    return { rows: result.rows, next: last && { createdAt: last.cursor_at, id: last.id } };
  },

  /** Remembers the user as forgotten (again: the retention starts over). */
  async rememberForgotten(db: SqlExecutor, userId: string): Promise<void> {
    await db.query(`INSERT INTO forgotten_users (user_id) VALUES ($1) ON CONFLICT (user_id) DO UPDATE SET forgotten_at = now()`, [userId]);
  },

  /** Takes the user id off up to `batchSize` of the user's events; how many. */
  async forgetBatch(db: SqlExecutor, userId: string, batchSize: number): Promise<number> {
    const result = await db.query({ name: 'user-events-forget', text: FORGET_BATCH, values: [userId, batchSize] });
    return result.rowCount ?? 0;
  },

  /** Takes the user id off events stored since of every user forgotten within `withinMs`; how many. */
  async sweepForgotten(db: SqlExecutor, withinMs: number): Promise<number> {
    const result = await db.query({ name: 'user-events-sweep', text: SWEEP, values: [withinMs] });
    return result.rowCount ?? 0;
  },

  /** Forgets forgotten users after `retentionMs`; how many. */
  async pruneForgotten(db: SqlExecutor, retentionMs: number): Promise<number> {
    const result = await db.query(`DELETE FROM forgotten_users WHERE forgotten_at < now() - $1 * interval '1 millisecond'`, [retentionMs]);
    return result.rowCount ?? 0;
  },
};
