import { type FailureMapper, Joi, validate } from '@evalplan/common/input';

export interface GenerateRequest {
  /** Where to send the plan; undefined when no e-mail was asked for. */
  notifyEmail?: string;
  template?: { html: string; css: string };
}

const EMAIL_MAX_LENGTH = 254;

/**
 * The body of generate-pdf. Types are checked here (INVALID_INPUT); what a
 * template may contain is the sanitiser's job. null counts as absent, as
 * form clients send it for an empty field.
 */
const schema = Joi.object<GenerateRequest>({
  notifyEmail: Joi.string()
    .allow(null)
    .trim()
    .lowercase()
    .max(EMAIL_MAX_LENGTH)
    .email({ minDomainSegments: 2, tlds: { allow: true } }),
  template: Joi.object({
    html: Joi.string().allow('').required(),
    css: Joi.string().allow('').default(''),
  })
    .allow(null)
    .unknown(false),
})
  .required()
  .unknown(false)
  .messages({ 'object.base': 'The request body must be a JSON object.' });

/** A string that is no address is INVALID_NOTIFY_EMAIL; wrong types are INVALID_INPUT. */
const mapFailure: FailureMapper = (detail) => {
  if (detail.path[0] !== 'notifyEmail' || detail.type === 'string.base') return undefined;
  return { code: 'INVALID_NOTIFY_EMAIL', message: 'Please enter a valid e-mail address to send the plan to.' };
};

export function parseGenerateRequest(body: unknown): GenerateRequest {
  const parsed = validate(schema, body, mapFailure);
  return {
    ...(parsed.notifyEmail ? { notifyEmail: parsed.notifyEmail } : {}),
    ...(parsed.template ? { template: parsed.template } : {}),
  };
}
