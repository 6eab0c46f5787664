import type { SqlExecutor } from '@evalplan/common';

/**
 * One multi-row INSERT for any batch: the rows travel as one JSON array and
 * jsonb_to_recordset turns it into rows inside PostgreSQL, so the statement
 * text never changes (prepared once per connection) and no per-value
 * escaping happens in JavaScript. A repeated id is skipped (retried batches).
 */
export const eventsRepository = {
  async insertJson(db: SqlExecutor, rowsJson: string): Promise<number> {
    const result = await db.query({
      name: 'activity-insert-json',
      text: `INSERT INTO activity_events
               (id, event_type, user_id, session_id, project_id, method, path, status_code, duration_ms, metadata, created_at)
             SELECT id, event_type, user_id, session_id, project_id, method, path, status_code, duration_ms,
                    coalesce(metadata, '{}'::jsonb), created_at
               FROM jsonb_to_recordset($1::jsonb) AS e(
                      id uuid, event_type text, user_id uuid, session_id text, project_id text, method text, path text,
                      status_code integer, duration_ms double precision, metadata jsonb, created_at timestamptz)
             ON CONFLICT (id) DO NOTHING`,
      values: [rowsJson],
    });
    return result.rowCount ?? 0;
  },
};
