import {
  type ActivityEventRow,
  type FailureMapper,
  findUnstorableText,
  isUuid,
  Joi,
  type RequestEvent,
  toWellFormed,
  uuidv7,
  validate,
} from '@evalplan/common';

export const FRONTEND_TYPE_MAX = 64;
export const FRONTEND_ID_MAX = 128;
export const FRONTEND_PAGE_MAX = 512;
export const FRONTEND_METADATA_MAX_BYTES = 16 * 1024;
const PATH_MAX = 2048;

/** Text PostgreSQL can store, cut to `max` characters: no NUL, no half surrogate pairs (also none left by the cut). */
function storable(text: string, max: number): string {
  return toWellFormed(text.slice(0, max).replaceAll('\u0000', '\uFFFD'));
}

const orNull = (value: unknown, max: number): string | null => (typeof value === 'string' && value !== '' ? storable(value, max) : null);
const text = (value: unknown, max: number): string => (typeof value === 'string' ? storable(value, max) : '');
/** A UUID as PostgreSQL reads it: hyphenated, or 32 hex digits (the gateway's event ids). */
const UUID_TEXT = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const uuidOrNull = (value: unknown): string | null => (typeof value === 'string' && UUID_TEXT.test(value) ? value.toLowerCase() : null);
const integerIn = (value: unknown, min: number, max: number): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : null;

/** Unix milliseconds of 0001-01-01 and 9999-12-31T23:59:59.999Z: years PostgreSQL and ISO 8601 both take. */
const EARLIEST_MS = -62_135_596_800_000;
const LATEST_MS = 253_402_300_799_999;

/**
 * The gateway's requests are trusted but, when a batch does not go in as
 * sent, made storable one by one: a request path can hold anything a client
 * typed, and one bad request must not cost its batch.
 */
export function toStorableRequest(value: unknown): RequestEvent {
  const event: unknown[] = Array.isArray(value) ? value : [];
  const duration = event[8];
  return [
    uuidOrNull(event[0]) ?? uuidv7(),
    text(event[1], 128) || 'api_request',
    uuidOrNull(event[2]),
    orNull(event[3], FRONTEND_ID_MAX),
    orNull(event[4], FRONTEND_ID_MAX),
    text(event[5], 16),
    text(event[6], PATH_MAX),
    integerIn(event[7], 100, 999),
    typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : null,
    integerIn(typeof event[9] === 'number' ? Math.round(event[9]) : undefined, EARLIEST_MS, LATEST_MS) ?? Date.now(),
    text(event[10], 128),
    text(event[11], 512),
    integerIn(event[12], 1, 4),
  ];
}

/** Escapes in a JSON text that PostgreSQL's jsonb refuses (NUL, half of a surrogate pair). */
const UNSTORABLE_ESCAPE = /\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;

/** Whether a JSON batch can go to PostgreSQL as it is. */
export function isStorableJson(json: string): boolean {
  return !UNSTORABLE_ESCAPE.test(json);
}

interface FrontendBody {
  type: string;
  sessionId?: string;
  projectId?: string;
  page?: string;
  metadata?: Record<string, unknown>;
}

const storableText = (max: number) =>
  Joi.string()
    .max(max)
    .custom((value: string, helpers) => (findUnstorableText(value) === undefined ? value : helpers.error('string.unstorable')));

const frontendSchema = Joi.object<FrontendBody>({
  type: Joi.string()
    .min(1)
    .max(FRONTEND_TYPE_MAX)
    .pattern(/^[A-Za-z0-9_.-]+$/)
    .required()
    .messages({ 'string.pattern.base': 'The event type may hold only letters, digits, "_", "-" and ".".' }),
  sessionId: storableText(FRONTEND_ID_MAX).allow('', null),
  projectId: storableText(FRONTEND_ID_MAX).allow('', null),
  page: storableText(FRONTEND_PAGE_MAX).allow('', null),
  metadata: Joi.object()
    .unknown(true)
    .allow(null)
    .custom((value: Record<string, unknown>, helpers) => {
      if (Buffer.byteLength(JSON.stringify(value), 'utf8') > FRONTEND_METADATA_MAX_BYTES) return helpers.error('metadata.size');
      if (findUnstorableText(value) !== undefined) return helpers.error('string.unstorable');
      return value;
    })
    .messages({ 'metadata.size': `The metadata must be at most ${FRONTEND_METADATA_MAX_BYTES / 1024} KB once JSON-encoded.` }),
})
  .required()
  // Other keys a client adds (a timestamp, a version) are ignored rather than costing the event.
  .unknown(true)
  .messages({
    'object.base': 'The request body must be a JSON object with at least a type.',
    'string.unstorable': 'The text must not contain NUL characters or broken surrogate pairs.',
  });

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
  const event = validate(frontendSchema, body, mapFailure);
  const userId = isUuid(context.userId) ? context.userId.toLowerCase() : null;
  const metadata = {
    ...(event.metadata ?? {}),
    request_id: context.requestId,
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
