import { toStorableText } from '@evalplan/common/input';
import type { types } from '@evalplan/protos';
import { copyField } from './copy-text';

/**
 * A RecordBatch's events as activity_events rows in PostgreSQL's COPY text
 * format (UTF-8, columns in ACTIVITY_COLUMNS' order): what COPY takes
 * cheapest, and what the spool keeps while PostgreSQL is away. Values COPY
 * cannot read (an id or user id that is no UUID, a missing type) are not
 * checked here: COPY refuses the batch and the repair path
 * (parseRequestRows) stores it row by row.
 */
export function requestRows(events: readonly types.RequestEvent__Output[]): Buffer {
  let rows = '';
  for (const event of events) rows += requestRow(event);
  // Encoding as UTF-8 also turns any half surrogate pair into U+FFFD, which PostgreSQL can store.
  return Buffer.from(rows, 'utf8');
}

function requestRow(event: types.RequestEvent__Output): string {
  const { id, eventType, userId, sessionId, projectId, method, path, statusCode, durationMs, createdAtMs } = event;
  const metadata =
    `{"request_id":${jsonString(event.requestId)},"actor_type":"${userId ? 'user' : 'anonymous'}",` +
    `"user_agent":${jsonString(event.userAgent)}${event.stepNumber === undefined ? '' : `,"step_number":${event.stepNumber}`}}`;
  return (
    `${copyField(id)}\t${copyField(eventType)}\t${copyField(userId || null)}\t${copyField(sessionId || null)}\t` +
    `${copyField(projectId || null)}\t${copyField(method)}\t${copyField(path)}\t${statusCode}\t` +
    // PostgreSQL would store NaN or Infinity as sent; no request lasts that long.
    `${Number.isFinite(durationMs) ? durationMs : '\\N'}\t${copyField(metadata)}\t${isoTime(createdAtMs)}\n`
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
  // A time Date cannot hold is now: one odd event must not cost its batch.
  const ms = Number.isSafeInteger(createdAtMs) && Math.abs(createdAtMs) < 8.64e15 ? createdAtMs : Date.now();
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedSecondText = new Date(second * 1000).toISOString().slice(0, 20);
  }
  return `${cachedSecondText}${String(ms - second * 1000).padStart(3, '0')}Z`;
}
