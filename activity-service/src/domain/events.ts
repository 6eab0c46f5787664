import {
  type ActivityEventRow,
  type FailureMapper,
  findUnstorableText,
  isUuid,
  Joi,
  toWellFormed,
  uuidv7,
  validate,
} from '@evalplan/common';

export const FRONTEND_TYPE_MAX = 64;
export const FRONTEND_ID_MAX = 128;
export const FRONTEND_PAGE_MAX = 512;
export const FRONTEND_METADATA_MAX_BYTES = 16 * 1024;
const PATH_MAX = 2048;

/** Text PostgreSQL can store, cut to `max` characters: no NUL, no half surrogate pairs. */
function storable(text: string, max: number): string {
  return toWellFormed(text.replaceAll('\u0000', '\uFFFD')).slice(0, max);
}

const orNull = (value: unknown, max: number): string | null => (typeof value === 'string' && value !== '' ? storable(value, max) : null);
const text = (value: unknown, max: number): string => (typeof value === 'string' ? storable(value, max) : '');
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function metadataOf(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  if (findUnstorableText(value) !== undefined) return { note: 'metadata not storable' };
  return JSON.stringify(value).length <= FRONTEND_METADATA_MAX_BYTES ? value : { note: 'metadata too large' };
}

/**
 * The gateway's events are trusted but, when a batch does not go in as sent,
 * made storable row by row: a request path can hold anything a client typed,
 * and one bad row must not cost its batch.
 */
export function toStorableRow(value: unknown): ActivityEventRow {
  const row = isRecord(value) ? value : {};
  const createdAt = new Date(typeof row.created_at === 'string' ? row.created_at : Number.NaN);
  const status = row.status_code;
  const duration = row.duration_ms;
  return {
    id: typeof row.id === 'string' && isUuid(row.id) ? row.id.toLowerCase() : uuidv7(),
    event_type: text(row.event_type, 128) || 'api_request',
    user_id: typeof row.user_id === 'string' && isUuid(row.user_id) ? row.user_id.toLowerCase() : null,
    session_id: orNull(row.session_id, FRONTEND_ID_MAX),
    project_id: orNull(row.project_id, FRONTEND_ID_MAX),
    method: text(row.method, 16),
    path: text(row.path, PATH_MAX),
    status_code: typeof status === 'number' && Number.isInteger(status) && status > 0 && status < 1000 ? status : null,
    duration_ms: typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : null,
    metadata: metadataOf(row.metadata),
    // Years PostgreSQL and ISO 8601 both take; anything else becomes "now".
    created_at:
      Number.isNaN(createdAt.getTime()) || createdAt.getUTCFullYear() < 1 || createdAt.getUTCFullYear() > 9999
        ? new Date().toISOString()
        : createdAt.toISOString(),
  };
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
