import { AppError } from '@evalplan/common/errors';
import { type FailureMapper, validate } from '@evalplan/common/input';
import { GENERATE_PDF } from '../contracts/requests';
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

const TIME_ZONE_FAILURE = {
  code: 'INVALID_PDF_TEMPLATE',
  message: "The template's time zone must be an IANA time zone name such as Europe/Berlin or UTC.",
} as const;

/** A string that is no address is INVALID_NOTIFY_EMAIL; a time zone that is none, INVALID_PDF_TEMPLATE; wrong types are INVALID_INPUT. */
const mapFailure: FailureMapper = (detail) => {
  if (detail.path[0] === 'template' && detail.path[1] === 'timeZone') return TIME_ZONE_FAILURE;
  if (detail.path[0] !== 'notifyEmail' || detail.type === 'string.base') return undefined;
  return { code: 'INVALID_NOTIFY_EMAIL', message: 'Please enter a valid e-mail address to send the plan to.' };
};

/**
 * The body of generate-pdf: the contract's schema (types, limits), then the
 * time zone's existence. Types are checked here (INVALID_INPUT); what a
 * template may contain is the sanitiser's job.
 */
export function parseGenerateRequest(body: unknown): GenerateRequest {
  const parsed = validate(GENERATE_PDF, body, mapFailure);
  const named = parsed.template?.timeZone ?? undefined;
  const timeZone = named === undefined ? undefined : canonicalTimeZone(named);
  if (named !== undefined && !timeZone)
    throw new AppError(TIME_ZONE_FAILURE.code, TIME_ZONE_FAILURE.message, { field: 'template.timeZone' });
  const html = parsed.template?.html;
  return {
    ...(parsed.notifyEmail ? { notifyEmail: parsed.notifyEmail } : {}),
    ...(html !== undefined ? { template: { html, css: parsed.template?.css ?? '', ...(timeZone ? { timeZone } : {}) } } : {}),
    ...(timeZone ? { timeZone } : {}),
  };
}
