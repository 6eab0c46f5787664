/**
 * One activity_events row by its column names: a client-reported event as
 * activity-service stores it, and a row as tests read it back.
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
 * One answered HTTP request as the gateway hands it to activity-service:
 * positional, because thousands of them a second are serialised with one
 * JSON.stringify and read by PostgreSQL (`e->>0` … `e->>12`); keys would
 * double the bytes on both sides. activity-service builds the metadata
 * column (request_id, actor_type, user_agent, step_number) from it.
 */
export type RequestEvent = [
  /** UUIDv7 (32 hex digits from the gateway), assigned when the event is first sent, so a retried batch is stored once. */
  id: string | null,
  eventType: string,
  userId: string | null,
  sessionId: string | null,
  projectId: string | null,
  method: string,
  path: string,
  /** null only where activity-service had to replace a value it could not store. */
  statusCode: number | null,
  durationMs: number | null,
  /** Unix milliseconds. */
  createdAtMs: number,
  requestId: string,
  userAgent: string,
  stepNumber: number | null,
];
