/**
 * One activity_events row by its column names: a client-reported event, or a
 * row of a batch repaired after PostgreSQL refused it, as it is stored.
 */
export interface ActivityEventRow {
  /** UUID (version 7): an event stored twice is kept once. */
  id: string;
  event_type: string;
  user_id: string | null;
  session_id: string | null;
  project_id: string | null;
  method: string;
  path: string;
  status_code: number | null;
  duration_ms: number | null;
  metadata: Record<string, unknown>;
  /** ISO 8601. */
  created_at: string;
}

/**
 * activity_events' columns in the order of a batch's rows: the rows are
 * written in this order (COPY text, see copy-text.ts) and copied into the
 * table in this order.
 */
export const ACTIVITY_COLUMNS = [
  'id',
  'event_type',
  'user_id',
  'session_id',
  'project_id',
  'method',
  'path',
  'status_code',
  'duration_ms',
  'metadata',
  'created_at',
] as const satisfies ReadonlyArray<keyof ActivityEventRow>;
