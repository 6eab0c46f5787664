import type { SqlExecutor } from '@evalplan/common';
import type { StoredEvent } from '../domain/events';

/**
 * One multi-row INSERT for any batch size: the columns travel as arrays and
 * unnest() turns them into rows, so the statement text never changes and is
 * prepared once per connection. A repeated id is skipped (retried batches).
 */
export const eventsRepository = {
  async insertMany(db: SqlExecutor, events: StoredEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const column = <K extends keyof StoredEvent>(key: K) => events.map((event) => event[key]);
    const result = await db.query({
      name: 'activity-insert-many',
      text: `INSERT INTO activity_events
               (id, event_type, user_id, session_id, project_id, method, path, status_code, duration_ms, metadata, created_at)
             SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[],
                                  $8::integer[], $9::double precision[], $10::jsonb[], $11::timestamptz[])
             ON CONFLICT (id) DO NOTHING`,
      values: [
        column('id'),
        column('eventType'),
        column('userId'),
        column('sessionId'),
        column('projectId'),
        column('method'),
        column('path'),
        column('statusCode'),
        column('durationMs'),
        column('metadataJson'),
        column('createdAt'),
      ],
    });
    return result.rowCount ?? 0;
  },
};
