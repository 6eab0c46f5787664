/**
 * One answered HTTP request as the gateway queues it: one small positional
 * array, because the request path should build as little as possible (ids,
 * times as text and the metadata are made when its batch is sent; see
 * request-batch.ts).
 */
export type RequestEvent = [
  /** UUIDv7 as 32 hex digits, assigned when the event is first sent, so a retried batch is stored once. */
  id: string | null,
  eventType: string,
  userId: string | null,
  sessionId: string | null,
  projectId: string | null,
  method: string,
  path: string,
  statusCode: number,
  durationMs: number,
  /** Unix milliseconds. */
  createdAtMs: number,
  requestId: string,
  userAgent: string,
  stepNumber: number | null,
];
