import { ACTIVITY_COLUMNS, type ActivityEventRow, type Queryable, type SqlExecutor } from '@evalplan/common';
import { from as copyFrom } from 'pg-copy-streams';

const COLUMNS = ACTIVITY_COLUMNS.join(', ');
const COPY_ROWS = `COPY activity_events (${COLUMNS}) FROM STDIN (ENCODING 'UTF8')`;

/**
 * Activity rows. The gateway's batches go in with COPY, the cheapest way
 * PostgreSQL has to take many rows (about a third less CPU per row than an
 * INSERT reading them from JSON; docs/benchmarks.md); everything else, and a
 * batch COPY refused, with one INSERT that skips ids already stored.
 */
export const eventsRepository = {
  /**
   * One COPY of rows in COPY text format (UTF-8, columns in
   * ACTIVITY_COLUMNS' order): all stored, or none and the error. A repeated
   * id fails the whole COPY (unique violation); the caller then uses
   * insertRows, which skips it.
   */
  async copyRows(pool: Queryable, rows: Buffer): Promise<number> {
    const client = await pool.connect();
    let failed = false;
    try {
      const copy = client.query(copyFrom(COPY_ROWS));
      await new Promise<void>((resolve, reject) => {
        copy.once('finish', resolve);
        // For the stream's whole life: after PostgreSQL refuses the COPY, the rest of the batch may still be
        // on its way to the socket, and its end can fail a second time. An unheard second 'error' would crash.
        copy.on('error', reject);
        copy.end(rows);
      });
      return copy.rowCount;
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // A failed COPY may leave unsent bytes behind: the connection is closed rather than handed to the next query.
      client.release(failed);
    }
  },

  /**
   * Rows in one INSERT (PostgreSQL reads them from one JSON array, so the
   * statement is the same for any number of rows and prepared once per
   * connection). A repeated id is skipped: a batch retried after a lost
   * answer is stored once. Every text must be storable (no NUL, no half
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
             ON CONFLICT (id) DO NOTHING`,
      values: [JSON.stringify(rows)],
    });
    return result.rowCount ?? 0;
  },
};
