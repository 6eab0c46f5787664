import type { ActivityEventRow, SqlExecutor } from '@evalplan/common';

/**
 * Activity rows. A batch of the gateway's requests is one multi-row INSERT:
 * the batch travels as one JSON array of RequestEvent tuples and PostgreSQL
 * turns it into rows itself, so the statement text never changes (prepared
 * once per connection) and no per-value work happens in JavaScript. The
 * positions (e->>0 … e->>12) are RequestEvent's. A repeated id is skipped
 * (a batch retried after a lost answer).
 */
export const eventsRepository = {
  async insertRequests(db: SqlExecutor, requestsJson: string): Promise<number> {
    const result = await db.query({
      name: 'activity-insert-requests',
      text: `INSERT INTO activity_events
               (id, event_type, user_id, session_id, project_id, method, path, status_code, duration_ms, metadata, created_at)
             SELECT (e->>0)::uuid, e->>1, (e->>2)::uuid, e->>3, e->>4, e->>5, e->>6, (e->>7)::integer, (e->>8)::double precision,
                    jsonb_build_object('request_id', e->>10,
                                       'actor_type', CASE WHEN e->>2 IS NULL THEN 'anonymous' ELSE 'user' END,
                                       'user_agent', e->>11)
                      || CASE WHEN e->>12 IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('step_number', (e->>12)::integer) END,
                    timestamptz 'epoch' + (e->>9)::bigint * interval '1 millisecond'
               FROM jsonb_array_elements($1::jsonb) AS e
             ON CONFLICT (id) DO NOTHING`,
      values: [requestsJson],
    });
    return result.rowCount ?? 0;
  },

  /** One event a client reported (frontend_<type>). */
  async insertEvent(db: SqlExecutor, row: ActivityEventRow): Promise<void> {
    await db.query({
      name: 'activity-insert-event',
      text: `INSERT INTO activity_events
               (id, event_type, user_id, session_id, project_id, method, path, status_code, duration_ms, metadata, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)
             ON CONFLICT (id) DO NOTHING`,
      values: [
        row.id,
        row.event_type,
        row.user_id,
        row.session_id,
        row.project_id,
        row.method,
        row.path,
        row.status_code,
        row.duration_ms,
        JSON.stringify(row.metadata),
        row.created_at,
      ],
    });
  },
};
