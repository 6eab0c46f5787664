import type { RateLimitRule } from '@evalplan/common/rate-limit';
import type { GatewayConfig } from '../config';

/** The limit settings (CLIENT LIMITS in the configuration table). */
export type ClientLimitSettings = GatewayConfig['clientLimits'];

/** Who a limit per session or user counts: an anonymous session, or a signed-in user. */
export type CallerKind = 'session' | 'user';

/** A rule for each kind of caller: the same limit, told in that caller's words. */
export type PerCaller = Record<CallerKind, RateLimitRule>;

/**
 * How long a client refused for its renders in progress is told to wait:
 * the built-in layout renders in well under a second, so a slot is soon free.
 */
export const IN_PROGRESS_RETRY_AFTER_MS = 2_000;

/**
 * A count of renders in progress that nobody gave back (a gateway that
 * crashed mid-render) lapses this long after generate's deadline: by then
 * the render it counted has ended, whatever became of the gateway.
 */
export const IN_PROGRESS_GRACE_MS = 5_000;

export interface ClientLimitRules {
  sessionCreationPerIp: RateLimitRule;
  pdfPerIp: RateLimitRule;
  pdfPerCaller: PerCaller;
  pdfInProgressPerIp: RateLimitRule;
  pdfInProgressPerCaller: PerCaller;
  activityPerIp: RateLimitRule;
  activityPerCaller: PerCaller;
  mailPerRecipient: RateLimitRule;
  mailPerIp: RateLimitRule;
  mailPerCaller: PerCaller;
}

const CALLER_WORDS: Record<CallerKind, { from: string; for: string }> = {
  session: { from: 'from this session', for: 'for this session' },
  user: { from: 'from your account', for: 'for your account' },
};

type Words = (typeof CALLER_WORDS)[CallerKind];

/** One rule per kind of caller, each counted under a name of its own. */
function perCaller(name: string, rule: Omit<RateLimitRule, 'name' | 'message'>, message: (words: Words) => string): PerCaller {
  return {
    session: { name: `${name}-session`, ...rule, message: message(CALLER_WORDS.session) },
    user: { name: `${name}-user`, ...rule, message: message(CALLER_WORDS.user) },
  };
}

/**
 * The limits as rules for the shared RateLimiter: each with the name its
 * counters are kept under and the words a refused person reads first (the
 * wait follows). `generateDeadlineMs` is generate-pdf's whole deadline: a
 * count of renders in progress never outlives it by more than a few seconds.
 */
export function clientLimitRules(settings: ClientLimitSettings, generateDeadlineMs: number): ClientLimitRules {
  const { sessionCreation, pdfGeneration: pdf, activityEvents: activity, planMail: mail } = settings;
  const inProgress = { windowMs: generateDeadlineMs + IN_PROGRESS_GRACE_MS, inProgress: { retryAfterMs: IN_PROGRESS_RETRY_AFTER_MS } };
  return {
    sessionCreationPerIp: {
      name: 'session-create-ip',
      limit: sessionCreation.perIp,
      windowMs: sessionCreation.windowMs,
      message: 'Too many new sessions have been started from your network.',
    },
    pdfPerIp: { name: 'pdf-ip', limit: pdf.perIp, windowMs: pdf.windowMs, message: 'Too many PDFs have been requested from your network.' },
    pdfPerCaller: perCaller(
      'pdf',
      { limit: pdf.perSessionOrUser, windowMs: pdf.windowMs },
      (words) => `Too many PDFs have been requested ${words.for}.`,
    ),
    pdfInProgressPerIp: {
      name: 'pdf-in-progress-ip',
      limit: pdf.inProgressPerIp,
      ...inProgress,
      message: 'Too many PDFs are being made for your network at once.',
    },
    pdfInProgressPerCaller: perCaller(
      'pdf-in-progress',
      { limit: pdf.inProgressPerSessionOrUser, ...inProgress },
      (words) => `Too many PDFs are being made ${words.for} at once.`,
    ),
    activityPerIp: {
      name: 'activity-ip',
      limit: activity.perIp,
      windowMs: activity.windowMs,
      message: 'Too many activity events have been sent from your network.',
    },
    activityPerCaller: perCaller(
      'activity',
      { limit: activity.perSessionOrUser, windowMs: activity.windowMs },
      (words) => `Too many activity events have been sent ${words.for}.`,
    ),
    mailPerRecipient: {
      name: 'plan-mail-recipient',
      limit: mail.perRecipient,
      windowMs: mail.windowMs,
      message: 'The plan was not e-mailed: too many plans have been sent to this address.',
    },
    mailPerIp: {
      name: 'plan-mail-ip',
      limit: mail.perIp,
      windowMs: mail.windowMs,
      message: 'The plan was not e-mailed: too many plans have been e-mailed from your network.',
    },
    mailPerCaller: perCaller(
      'plan-mail',
      { limit: mail.perSessionOrUser, windowMs: mail.windowMs },
      (words) => `The plan was not e-mailed: too many plans have been e-mailed ${words.from}.`,
    ),
  };
}
