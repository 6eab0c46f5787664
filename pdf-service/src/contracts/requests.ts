import { Joi, MAX_BYTES } from '@evalplan/common/input';

/**
 * The body of generate-pdf, written once: each field's type, limits and
 * description. pdf-service validates with it (domain/generate-request.ts,
 * which also checks that a time zone exists), and the gateway's OpenAPI
 * document is generated from it (test/request-limits.test.ts sends the
 * boundaries). null counts as absent, as form clients send it for an empty
 * field.
 */

export const NOTIFY_EMAIL_MAX_LENGTH = 254;
/** A custom template's limits, in UTF-8 bytes (templates/sanitize.ts refuses more). */
export const TEMPLATE_HTML_MAX_BYTES = 128 * 1024;
export const TEMPLATE_CSS_MAX_BYTES = 64 * 1024;
/** The longest IANA names are about 30 characters. */
export const TIME_ZONE_MAX_LENGTH = 64;

export interface CustomTemplateFields {
  html?: string;
  css?: string;
  timeZone?: string | null;
}

export interface GeneratePdfFields {
  notifyEmail?: string | null;
  template?: CustomTemplateFields | null;
}

const template = Joi.object<CustomTemplateFields>({
  // Needed for a custom template (css alone styles nothing); only a bare { timeZone } may leave it out.
  html: Joi.string()
    .allow('')
    .when('css', { is: Joi.exist(), then: Joi.required() })
    .when('timeZone', { not: Joi.exist(), then: Joi.required() })
    .meta({ [MAX_BYTES]: TEMPLATE_HTML_MAX_BYTES })
    .description(
      `Go text/template HTML, at most ${TEMPLATE_HTML_MAX_BYTES / 1024} KB: a whole document or a body fragment. Required unless the object holds only timeZone.`,
    ),
  css: Joi.string()
    .allow('')
    .meta({ [MAX_BYTES]: TEMPLATE_CSS_MAX_BYTES })
    .description(`At most ${TEMPLATE_CSS_MAX_BYTES / 1024} KB, put into the head.`),
  timeZone: Joi.string()
    .allow(null)
    .max(TIME_ZONE_MAX_LENGTH)
    .description('An IANA time zone name (e.g. Europe/Berlin) dates are shown in; UTC when absent or null. Unknown: INVALID_PDF_TEMPLATE.'),
})
  .allow(null)
  .unknown(false)
  .description(
    'Needs PDF_HTML_RENDERER_URL. Scripts, event handlers and fetched URLs are refused. ' +
      'Only { timeZone } (no html) keeps the built-in layout and prints its dates in that zone.',
  );

/** POST .../generate-pdf: optional; {} when empty; other keys are refused. */
export const GENERATE_PDF = Joi.object<GeneratePdfFields>({
  notifyEmail: Joi.string()
    .allow(null)
    .trim()
    .lowercase()
    .max(NOTIFY_EMAIL_MAX_LENGTH)
    .email({ minDomainSegments: 2, tlds: { allow: true } })
    .description('Mail the link (and the PDF under 5 MB) to this address.'),
  template,
})
  .required()
  .unknown(false)
  .description('Optional; {} when empty. null counts as absent; other keys are refused.')
  .messages({ 'object.base': 'The request body must be a JSON object.' });
