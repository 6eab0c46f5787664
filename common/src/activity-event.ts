/**
 * One activity_events row as the gateway records it and activity-service
 * stores it: the column names, so a batch travels as one JSON array that
 * PostgreSQL reads straight into rows (jsonb_to_recordset).
 */
export interface ActivityEventRow {
  /** UUID (version 7 from the gateway): a batch sent twice is stored once. */
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
