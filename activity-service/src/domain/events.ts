import { type FailureMapper, findUnstorableText, isUuid, Joi, toWellFormed, uuidv7, validate } from '@evalplan/common';

/** A row of activity_events as the repository writes it. */
export interface StoredEvent {
  id: string;
  eventType: string;
  userId: string | null;
  sessionId: string | null;
  projectId: string | null;
  method: string;
  path: string;
  statusCode: number | null;
  durationMs: number | null;
  /** A JSON object. */
  metadataJson: string;
  /** ISO 8601. */
  createdAt: string;
}

/** What the gateway's recorder sends (the proto message, as received). */
export interface RecordedEvent {
  id: string;
  eventType: string;
  userId: string;
  sessionId: string;
  projectId: string;
  method: string;
  path: string;
  statusCode: number;
  durationMs: number;
  metadataJson: string;
  createdAt: string;
}

export const FRONTEND_TYPE_MAX = 64;
export const FRONTEND_ID_MAX = 128;
export const FRONTEND_PAGE_MAX = 512;
export const FRONTEND_METADATA_MAX_BYTES = 16 * 1024;
const PATH_MAX = 2048;

/** Text PostgreSQL can store, cut to `max` characters: no NUL, no half surrogate pairs. */
function storable(text: string, max: number): string {
  return toWellFormed(text.replaceAll('\u0000', '\uFFFD')).slice(0, max);
}

const orNull = (text: string, max: number): string | null => (text === '' ? null : storable(text, max));

function metadataOf(json: string): string {
  try {
    const value = JSON.parse(json) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && json.length <= FRONTEND_METADATA_MAX_BYTES) {
      return findUnstorableText(value) === undefined ? json : JSON.stringify({ note: 'metadata not storable' });
    }
  } catch {
    // falls through to an empty object
  }
  return '{}';
}

/**
 * The gateway's events are trusted but still made storable: a request path
 * can hold anything a client typed, and one bad row must not fail its batch.
 */
export function toStoredEvent(event: RecordedEvent): StoredEvent {
  const createdAt = new Date(event.createdAt);
  return {
    id: isUuid(event.id) ? event.id.toLowerCase() : uuidv7(),
    eventType: storable(event.eventType, 128) || 'api_request',
    userId: isUuid(event.userId) ? event.userId.toLowerCase() : null,
    sessionId: orNull(event.sessionId, FRONTEND_ID_MAX),
    projectId: orNull(event.projectId, FRONTEND_ID_MAX),
    method: storable(event.method, 16),
    path: storable(event.path, PATH_MAX),
    statusCode: Number.isInteger(event.statusCode) && event.statusCode > 0 ? event.statusCode : null,
    durationMs: Number.isFinite(event.durationMs) && event.durationMs >= 0 ? event.durationMs : null,
    metadataJson: metadataOf(event.metadataJson),
    createdAt: Number.isNaN(createdAt.getTime()) ? new Date().toISOString() : createdAt.toISOString(),
  };
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
export function parseFrontendEvent(body: unknown, context: FrontendContext): StoredEvent {
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
    eventType: `frontend_${event.type}`,
    userId,
    sessionId: event.sessionId || null,
    projectId: event.projectId || null,
    method: 'FRONTEND',
    path: event.page ?? '',
    statusCode: null,
    durationMs: null,
    metadataJson: JSON.stringify(metadata),
    createdAt: new Date().toISOString(),
  };
}
