import { type RequestEvent, uuidv7HexBatch } from '@evalplan/common';

/**
 * The RecordBatch payload for a batch of recorded requests: one JSON array of
 * RequestEvent tuples, as UTF-8 bytes. Events without an id get one here, the
 * first time they are sent, and keep it when the batch is retried, so
 * activity-service stores a retried batch once. Ids carry the request's own
 * time (UUIDv7, made for the whole batch at once).
 */
export function encodeRequestBatch(events: RequestEvent[]): Buffer {
  const unnamed = events.filter((event) => event[0] === null);
  if (unnamed.length > 0) {
    const ids = uuidv7HexBatch(unnamed.map((event) => event[9]));
    unnamed.forEach((event, i) => (event[0] = ids[i]!));
  }
  return Buffer.from(JSON.stringify(events), 'utf8');
}
