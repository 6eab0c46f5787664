import { type RequestEvent, uuidv7 } from '@evalplan/common';

/**
 * The RecordBatch payload for a batch of recorded requests: one JSON array of
 * RequestEvent tuples. Each event gets its id here, the first time it is
 * sent, and keeps it when the batch is retried, so activity-service stores a
 * retried batch once. Ids carry the request's own time (UUIDv7).
 */
export function encodeRequestBatch(events: RequestEvent[]): string {
  for (const event of events) event[0] ??= uuidv7(event[9]);
  return JSON.stringify(events);
}
