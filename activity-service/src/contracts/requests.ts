import { CharacterJoi, findUnstorableText, Joi, limitedBytes, MAX_BYTES } from '@evalplan/common/input';

/**
 * activity-service's request body, written once: each field's type, limits
 * and description. The service validates with this schema (domain/events.ts,
 * with its own codes), and the gateway's OpenAPI document is generated from
 * it (test/request-limits.test.ts sends the boundaries).
 */

export const FRONTEND_TYPE_MAX = 64;
export const FRONTEND_ID_MAX = 128;
export const FRONTEND_PAGE_MAX = 512;
export const FRONTEND_METADATA_MAX_BYTES = 16 * 1024;

export interface FrontendBody {
  type: string;
  sessionId?: string;
  projectId?: string;
  page?: string;
  metadata?: Record<string, unknown>;
}

const storableText = (max: number) =>
  CharacterJoi.string()
    .maxChars(max)
    .custom((value: string, helpers) => (findUnstorableText(value) === undefined ? value : helpers.error('string.unstorable')));

/** POST /activity/events: an event the web client reports. */
export const FRONTEND_EVENT = Joi.object<FrontendBody>({
  type: Joi.string()
    .min(1)
    .max(FRONTEND_TYPE_MAX)
    .pattern(/^[A-Za-z0-9_.-]+$/)
    .required()
    .description('What happened, e.g. step_viewed; stored as frontend_<type>.')
    .messages({ 'string.pattern.base': 'The event type may hold only letters, digits, "_", "-" and ".".' }),
  sessionId: storableText(FRONTEND_ID_MAX).allow('', null),
  projectId: storableText(FRONTEND_ID_MAX).allow('', null),
  page: storableText(FRONTEND_PAGE_MAX).allow('', null).description('Where it happened in the client, e.g. /wizard/step/2.'),
  metadata: Joi.object()
    .unknown(true)
    .allow(null)
    .custom((value: Record<string, unknown>, helpers) => {
      if (limitedBytes(value) > FRONTEND_METADATA_MAX_BYTES) return helpers.error('metadata.size');
      if (findUnstorableText(value) !== undefined) return helpers.error('string.unstorable');
      return value;
    })
    .meta({ [MAX_BYTES]: FRONTEND_METADATA_MAX_BYTES })
    .description(`Any JSON object, at most ${FRONTEND_METADATA_MAX_BYTES / 1024} KB once JSON-encoded.`)
    .messages({ 'metadata.size': `The metadata must be at most ${FRONTEND_METADATA_MAX_BYTES / 1024} KB once JSON-encoded.` }),
})
  .required()
  // Other keys a client adds (a timestamp, a version) are ignored rather than costing the event.
  .unknown(true)
  .description('Other keys are ignored.')
  .messages({
    'object.base': 'The request body must be a JSON object with at least a type.',
    'string.unstorable': 'The text must not contain NUL characters or broken surrogate pairs.',
  });
