import { type FailureMapper, Joi, validate } from '@evalplan/common/input';
import { canonicalTimeZone } from '../templates/go-date';

export interface CustomTemplateRequest {
  html: string;
  css: string;
  /** IANA name; dates in the template show in it (UTC when absent). */
  timeZone?: string;
}

export interface GenerateRequest {
  /** Where to send the plan; undefined when no e-mail was asked for. */
  notifyEmail?: string;
  /** A caller's template; undefined for the built-in layout. */
  template?: CustomTemplateRequest;
  /** The time zone dates are shown in, whichever layout prints them; undefined for UTC. */
  timeZone?: string;
}

const EMAIL_MAX_LENGTH = 254;
/** The longest IANA names are about 30 characters. */
const TIME_ZONE_MAX_LENGTH = 64;

/**
 * The body of generate-pdf. Types are checked here (INVALID_INPUT); what a
 * template may contain is the sanitiser's job. null counts as absent, as
 * form clients send it for an empty field. A template object with only a
 * timeZone asks for the built-in layout in that zone.
 */
const schema = Joi.object<GenerateRequest>({
  notifyEmail: Joi.string()
    .allow(null)
    .trim()
    .lowercase()
    .max(EMAIL_MAX_LENGTH)
    .email({ minDomainSegments: 2, tlds: { allow: true } }),
  template: Joi.object({
    // Needed for a custom template (css alone styles nothing); only a bare { timeZone } may leave it out.
    html: Joi.string()
      .allow('')
      .when('css', { is: Joi.exist(), then: Joi.required() })
      .when('timeZone', { not: Joi.exist(), then: Joi.required() }),
    css: Joi.string().allow(''),
    timeZone: Joi.string()
      .allow(null)
      .max(TIME_ZONE_MAX_LENGTH)
      .custom((name: string, helpers) => canonicalTimeZone(name) ?? helpers.error('timeZone.unknown')),
  })
    .allow(null)
    .unknown(false),
})
  .required()
  .unknown(false)
  .messages({ 'object.base': 'The request body must be a JSON object.' });

/** A string that is no address is INVALID_NOTIFY_EMAIL; a time zone that is none, INVALID_PDF_TEMPLATE; wrong types are INVALID_INPUT. */
const mapFailure: FailureMapper = (detail) => {
  if (detail.path[0] === 'template' && detail.path[1] === 'timeZone') {
    return {
      code: 'INVALID_PDF_TEMPLATE',
      message: "The template's time zone must be an IANA time zone name such as Europe/Berlin or UTC.",
    };
  }
  if (detail.path[0] !== 'notifyEmail' || detail.type === 'string.base') return undefined;
  return { code: 'INVALID_NOTIFY_EMAIL', message: 'Please enter a valid e-mail address to send the plan to.' };
};

export function parseGenerateRequest(body: unknown): GenerateRequest {
  const parsed = validate(schema, body, mapFailure);
  const timeZone = parsed.template?.timeZone ?? undefined;
  const html = parsed.template?.html;
  return {
    ...(parsed.notifyEmail ? { notifyEmail: parsed.notifyEmail } : {}),
    ...(html !== undefined ? { template: { html, css: parsed.template?.css ?? '', ...(timeZone ? { timeZone } : {}) } } : {}),
    ...(timeZone ? { timeZone } : {}),
  };
}
