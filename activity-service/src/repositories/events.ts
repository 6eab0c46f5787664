import { type Queryable, type SqlExecutor, sqlStateOf } from '@evalplan/common/db';
import { ACTIVITY_COLUMNS, type ActivityEventRow } from '../domain/activity-row';

const COLUMNS = ACTIVITY_COLUMNS.join(', ');
const COPY_ROWS = `COPY activity_events (${COLUMNS}) FROM STDIN (ENCODING 'UTF8')`;

/**
 * Activity rows. The gateway's batches go in with COPY (on PGlite too), the cheapest way
 * PostgreSQL has to take many rows (about a third less CPU per row than an
 * INSERT reading them from JSON; docs/benchmarks.md); everything else, and a
 * batch COPY refused, with one INSERT that skips ids already stored.
 */
export const eventsRepository = {
  /**
   * One COPY of rows in COPY text format (UTF-8, columns in
   * ACTIVITY_COLUMNS' order): all stored, or none and the error. A row
   * already stored fails the whole COPY (unique violation); the caller then
   * uses insertRows, which skips it.
   */
  async copyRows(pool: Queryable, rows: Buffer): Promise<number> {
    const client = await pool.connect();
    let broken = false;
    try {
      return await client.copyFrom(COPY_ROWS, rows);
    } catch (error) {
      // A COPY PostgreSQL refused (an error with a SQLSTATE) leaves the connection in step (copy-in.ts);
      // any other failure may have broken it, and it is closed rather than handed to the next query.
      broken = sqlStateOf(error) === undefined;
      throw error;
    } finally {
      client.release(broken);
    }
  },

  /**
   * Rows in one INSERT (PostgreSQL reads them from one JSON array, so the
   * statement is the same for any number of rows and prepared once per
   * connection). A row already stored (same id and time, the key of the
   * partitioned table) is skipped: a batch retried after a lost answer is
   * stored once. The conflict names no columns, so the statement suits the
   * key before migration 004 (id) and after it alike. Every text must be storable (no NUL, no half
   * surrogate pairs).
   */
  async insertRows(db: SqlExecutor, rows: ActivityEventRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const result = await db.query({
      name: 'activity-insert-rows',
      text: `INSERT INTO activity_events (${COLUMNS})
             SELECT ${COLUMNS}
               FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, event_type text, user_id uuid, session_id text, project_id text,
                                                        method text, path text, status_code integer, duration_ms double precision,
                                                        metadata jsonb, created_at timestamptz)
             ON CONFLICT DO NOTHING`,
      values: [JSON.stringify(rows)],
    });
    return result.rowCount ?? 0;
  },
};
