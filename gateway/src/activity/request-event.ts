/**
 * One answered HTTP request as the gateway queues it: the RequestEvent
 * message of activity.proto, built once per request with every field set (one
 * object shape) and sent as it is; only the id is added when its batch is
 * first sent (see request-batch.ts). What becomes of it in activity_events is
 * activity-service's business.
 */
export interface RequestEvent {
  /** UUIDv7 as 32 hex digits, assigned when the event is first sent, so a retried batch is stored once. */
  id: string | undefined;
  eventType: string;
  userId: string | undefined;
  sessionId: string | undefined;
  projectId: string | undefined;
  method: string;
  path: string;
  statusCode: number;
  durationMs: number;
  /** Unix milliseconds. */
  createdAtMs: number;
  requestId: string;
  userAgent: string;
  stepNumber: number | undefined;
}
