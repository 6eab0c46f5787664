import { uuidv7HexBatch } from '@evalplan/common/input';
import type { types } from '@evalplan/protos';
import type { RequestEvent } from './request-event';

/**
 * The RecordBatch request for a batch of recorded requests: the events as
 * they were queued, which the transport encodes as protobuf. Events without
 * an id get one here, the first time they are sent, and keep it when the
 * batch is retried, so activity-service stores a retried batch once. Ids
 * carry the request's own time (UUIDv7, made for the whole batch at once).
 */
export function recordBatchRequest(events: RequestEvent[]): types.RecordBatchRequest {
  const unnamed = events.filter((event) => event.id === undefined);
  if (unnamed.length > 0) {
    const ids = uuidv7HexBatch(unnamed.map((event) => event.createdAtMs));
    unnamed.forEach((event, i) => (event.id = ids[i]));
  }
  return { events };
}

/**
 * Most bytes of one RecordBatch's events: a gRPC message is capped at 4 MiB
 * (common/src/grpc/http2-server.ts), and the framing needs a little of it.
 */
export const MAX_BATCH_BYTES = 3 * 1024 * 1024;

/** Bytes of an event apart from its path, user agent and request id (tags, lengths, ids, type, method, numbers). */
const FIXED_EVENT_BYTES = 300;

/**
 * An upper bound of the bytes `event` takes in a batch, cheap enough for
 * every request: a UTF-16 unit takes at most 3 bytes of UTF-8.
 */
export function maxEncodedBytes(event: RequestEvent): number {
  return FIXED_EVENT_BYTES + 3 * (event.path.length + event.requestId.length + event.userAgent.length);
}
