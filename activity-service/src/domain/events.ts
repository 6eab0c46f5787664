import { AppError } from '@evalplan/common/errors';
import { type FailureMapper, isUuid, toStorableText, uuidv7, validate } from '@evalplan/common/input';
import { FRONTEND_EVENT, FRONTEND_ID_MAX, FRONTEND_METADATA_MAX_BYTES } from '../contracts/requests';
import { ACTIVITY_COLUMNS, type ActivityEventRow } from './activity-row';
import { copyField, readCopyRows } from './copy-text';

const PATH_MAX = 2048;

/** Text PostgreSQL can store, cut to `max` characters: no NUL, no half surrogate pairs (also none left by the cut). */
function storable(text: string, max: number): string {
  // Cut by characters, as the limits count them (an emoji is one).
  return toStorableText(text.length <= max ? text : Array.from(text).slice(0, max).join(''));
}

const orNull = (value: string | null | undefined, max: number): string | null => (value ? storable(value, max) : null);
/** A UUID as PostgreSQL reads it: hyphenated, or 32 hex digits (the gateway's event ids). */
const UUID_TEXT = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const uuidOrNull = (value: string | null | undefined): string | null => (value && UUID_TEXT.test(value) ? value.toLowerCase() : null);
const STATUS_TEXT = /^[1-9][0-9]{2}$/;
/** Plain decimal or exponent notation, as JavaScript writes numbers (PostgreSQL would also take "NaN" or "Infinity"). */
const NUMBER_TEXT = /^[0-9]+(?:\.[0-9]+)?(?:e[-+]?[0-9]+)?$/i;

/** Unix milliseconds of 0001-01-01 and 9999-12-31T23:59:59.999Z: years PostgreSQL and ISO 8601 both take. */
const EARLIEST_MS = -62_135_596_800_000;
const LATEST_MS = 253_402_300_799_999;

function timeOrNow(value: string | null | undefined): string {
  const ms = value ? Date.parse(value) : Number.NaN;
  return new Date(ms >= EARLIEST_MS && ms <= LATEST_MS ? ms : Date.now()).toISOString();
}

/** JSON with every text (keys too) storable; what lies deeper than 32 levels is dropped. */
function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storable(value, Infinity);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 32) return null;
  if (Array.isArray(value)) return value.map((child) => storableJson(child, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [storable(key, Infinity), storableJson(child, depth + 1)]));
}

/** The metadata column: a JSON object of at most 16 K characters, or an empty one. */
function metadataOf(value: string | null | undefined): Record<string, unknown> {
  if (!value || value.length > FRONTEND_METADATA_MAX_BYTES) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (storableJson(parsed) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * One row of a batch (see request-rows.ts) made storable: a request path or
 * user agent can hold anything a client typed, and one bad row must not cost
 * its batch. Used only for batches PostgreSQL refused as sent (or in embedded
 * mode, which cannot COPY).
 */
export function toStorableRow(columns: ReadonlyArray<string | null>): ActivityEventRow {
  const [id, type, userId, sessionId, projectId, method, path, status, duration, metadata, createdAt] = columns;
  const created_at = timeOrNow(createdAt);
  return {
    id: uuidOrNull(id) ?? uuidv7(Date.parse(created_at)),
    event_type: type ? storable(type, 128) : 'api_request',
    user_id: uuidOrNull(userId),
    session_id: orNull(sessionId, FRONTEND_ID_MAX),
    project_id: orNull(projectId, FRONTEND_ID_MAX),
    method: storable(method ?? '', 16),
    path: storable(path ?? '', PATH_MAX),
    status_code: status && STATUS_TEXT.test(status) ? Number(status) : null,
    duration_ms: duration && NUMBER_TEXT.test(duration) && Number.isFinite(Number(duration)) ? Number(duration) : null,
    metadata: metadataOf(metadata),
    created_at,
  };
}

/**
 * A batch's rows (COPY text) made storable one by one. A line without
 * exactly the table's columns is no row of this table (a damaged spool
 * file): the batch is refused, since guessing which value belongs where
 * would store nonsense.
 */
export function parseRequestRows(text: string): ActivityEventRow[] {
  return readCopyRows(text).map((columns, line) => {
    if (columns.length !== ACTIVITY_COLUMNS.length) {
      throw new AppError(
        'INVALID_INPUT',
        `Row ${line + 1} of the batch has ${columns.length} columns instead of ${ACTIVITY_COLUMNS.length}.`,
      );
    }
    return toStorableRow(columns);
  });
}

/** Wrong types and a body that is not an object are INVALID_INPUT; broken rules are INVALID_ACTIVITY_EVENT. */
const mapFailure: FailureMapper = (detail) => {
  if (detail.path.length === 0 || /^(string|object|number|boolean|array)\.base$/.test(detail.type)) return undefined;
  return { code: 'INVALID_ACTIVITY_EVENT' };
};

export interface FrontendContext {
  userId: string;
  requestId: string;
  userAgent: string;
}

/** A client-reported event: stored as frontend_<type>, method FRONTEND, path = page. */
export function parseFrontendEvent(body: unknown, context: FrontendContext): ActivityEventRow {
  const event = validate(FRONTEND_EVENT, body, mapFailure);
  const userId = isUuid(context.userId) ? context.userId.toLowerCase() : null;
  const metadata = {
    ...(event.metadata ?? {}),
    // The gateway sends its own sane request ids; another caller's text must not make PostgreSQL refuse the row.
    request_id: storable(context.requestId, FRONTEND_ID_MAX),
    actor_type: userId ? 'user' : 'anonymous',
    user_agent: storable(context.userAgent, 512),
  };
  return {
    id: uuidv7(),
    event_type: `frontend_${event.type}`,
    user_id: userId,
    session_id: event.sessionId || null,
    project_id: event.projectId || null,
    method: 'FRONTEND',
    path: event.page ?? '',
    status_code: null,
    duration_ms: null,
    metadata,
    created_at: new Date().toISOString(),
  };
}

/**
 * A checked row as one line of COPY text, columns in ACTIVITY_COLUMNS'
 * order: what RecordBatch's events become, so a client-reported event can
 * wait in the spool with the gateway's batches.
 */
export function toCopyLine(row: ActivityEventRow): string {
  const fields = ACTIVITY_COLUMNS.map((column) => {
    const value = row[column];
    return copyField(typeof value === 'object' && value !== null ? JSON.stringify(value) : value);
  });
  return `${fields.join('\t')}\n`;
}
