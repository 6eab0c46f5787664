import { copyField, toStorableText, uuidv7HexBatch } from '@evalplan/common';
import type { RequestEvent } from './request-event';

/**
 * The RecordBatch payload for a batch of recorded requests: activity_events
 * rows in PostgreSQL's COPY text format, columns in ACTIVITY_COLUMNS' order,
 * as UTF-8 bytes, which activity-service hands to COPY unchanged. Events
 * without an id get one here, the first time they are sent, and keep it when
 * the batch is retried, so activity-service stores a retried batch once. Ids
 * carry the request's own time (UUIDv7, made for the whole batch at once).
 */
export function encodeRequestBatch(events: RequestEvent[]): Buffer {
  const unnamed = events.filter((event) => event[0] === null);
  if (unnamed.length > 0) {
    const ids = uuidv7HexBatch(unnamed.map((event) => event[9]));
    unnamed.forEach((event, i) => (event[0] = ids[i]!));
  }
  let rows = '';
  for (const event of events) rows += requestRow(event);
  // Encoding as UTF-8 also turns any half surrogate pair into U+FFFD, which PostgreSQL can store.
  return Buffer.from(rows, 'utf8');
}

/**
 * Most bytes of one RecordBatch's rows: a gRPC message is capped at 4 MiB
 * (common/src/grpc/http2-server.ts), and the protobuf framing needs a little
 * of it.
 */
export const MAX_BATCH_BYTES = 3 * 1024 * 1024;

/** Bytes of a row apart from its path, user agent and request id (ids, type, method, times, the metadata's keys). */
const FIXED_ROW_BYTES = 400;

/**
 * An upper bound of the bytes `event` takes in a batch, cheap enough for
 * every request: a UTF-16 unit of the path takes at most 3 bytes (UTF-8, or
 * a COPY escape), one of the request id or user agent at most 7 (a JSON
 * escape \u00XX in the metadata, whose backslash COPY escapes again).
 */
export function maxEncodedBytes(event: RequestEvent): number {
  return FIXED_ROW_BYTES + 3 * event[6].length + 7 * (event[10].length + event[11].length);
}

function requestRow(event: RequestEvent): string {
  const [id, type, userId, sessionId, projectId, method, path, status, durationMs, createdAtMs, requestId, userAgent, step] = event;
  const metadata =
    `{"request_id":${jsonString(requestId)},"actor_type":"${userId === null ? 'anonymous' : 'user'}",` +
    `"user_agent":${jsonString(userAgent)}${step === null ? '' : `,"step_number":${step}`}}`;
  return (
    `${id}\t${copyField(type)}\t${copyField(userId)}\t${copyField(sessionId)}\t${copyField(projectId)}\t` +
    `${copyField(method)}\t${copyField(path)}\t${status}\t${durationMs}\t${copyField(metadata)}\t${isoTime(createdAtMs)}\n`
  );
}

/** Characters a JSON string must escape, NUL (jsonb refuses even its escape) and surrogates (halves refused too). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON makes us escape
const JSON_SPECIAL = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A JSON string literal jsonb accepts: most request ids and user agents need no escaping at all. */
function jsonString(text: string): string {
  if (!JSON_SPECIAL.test(text)) return `"${text}"`;
  return JSON.stringify(toStorableText(text));
}

let cachedSecond = Number.NaN;
let cachedSecondText = '';

/** ISO 8601 in UTC; events of a batch share their seconds, so each second is formatted once. */
function isoTime(createdAtMs: number): string {
  // Never throw here (a batch that cannot be encoded would block the queue): a time Date cannot hold is now.
  const ms = Number.isSafeInteger(createdAtMs) && Math.abs(createdAtMs) < 8.64e15 ? createdAtMs : Date.now();
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedSecondText = new Date(second * 1000).toISOString().slice(0, 20);
  }
  return `${cachedSecondText}${String(ms - second * 1000).padStart(3, '0')}Z`;
}
