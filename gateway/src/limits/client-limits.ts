import { AppError } from '@evalplan/common/errors';
import { clientAddressSubject, type RateLimitCheck, type RateLimiter } from '@evalplan/common/rate-limit';
import type { types } from '@evalplan/protos';
import type { Context, Middleware } from 'koa';
import type { AuthState } from '../auth/guard';
import type { CallerKind, ClientLimitRules } from './rules';

/** Who a request counts against besides its address: an anonymous session or a signed-in user. */
export interface Caller {
  kind: CallerKind;
  id: string;
}

/** Why a plan e-mail is held back, as pdf-service reports it in the e-mail result. */
export type MailNotSentReason = types.MailNotSentReason;

/** The longest e-mail address (RFC 5321); a longer notifyEmail is refused anyway, so it is not counted. */
const MAX_ADDRESS_LENGTH = 254;
/** The longest sessionId an activity event may name (activity-service refuses longer ones); a longer one counts only per address. */
const MAX_SESSION_ID_LENGTH = 128;

/**
 * The address a plan is to be e-mailed to, as its limit counts it: trimmed,
 * lower-cased and NFC, and without a +tag (subaddressing: most mail servers
 * deliver a+1@x and a+2@x to one mailbox), so spellings that reach the same
 * mailbox share one count. undefined when the body asks for no e-mail, or for
 * one pdf-service will refuse as no address at all.
 */
export function recipientOf(body: unknown): string | undefined {
  const notifyEmail = (body as { notifyEmail?: unknown } | undefined)?.notifyEmail;
  if (typeof notifyEmail !== 'string') return undefined;
  const address = notifyEmail.trim().toLowerCase().normalize('NFC');
  if (address === '' || address.length > MAX_ADDRESS_LENGTH) return undefined;
  const at = address.lastIndexOf('@');
  const plus = address.indexOf('+');
  // A leading + is the whole local part, not a tag.
  return plus > 0 && plus < at ? address.slice(0, plus) + address.slice(at) : address;
}

/** The caller of the activity events route: the signed-in user, else the session the event names, else nobody but its address. */
export function activityCallerOf(ctx: Context): Caller | undefined {
  const user = (ctx.state as AuthState).user;
  if (user) return { kind: 'user', id: user.id };
  const sessionId = (ctx.request.body as { sessionId?: unknown } | undefined)?.sessionId;
  return typeof sessionId === 'string' && sessionId !== '' && sessionId.length <= MAX_SESSION_ID_LENGTH
    ? { kind: 'session', id: sessionId }
    : undefined;
}

/**
 * Failures that may come after the plan e-mail went out: the client left or
 * a service did not answer in time (pdf-service may have been sending it),
 * or something unexpected. wizard-service marks the one failure that comes
 * surely after a sent e-mail (the wizard went away while it rendered) with
 * details.emailSent.
 */
const MAY_HAVE_SENT: ReadonlySet<string> = new Set(['REQUEST_CANCELLED', 'SERVICE_UNAVAILABLE', 'INTERNAL_SERVER_ERROR']);

/** Whether a failed generate-pdf surely sent no e-mail: an invalid body, an incomplete or missing wizard, a failed render. */
export function sentNoMail(error: unknown): boolean {
  return error instanceof AppError && !MAY_HAVE_SENT.has(error.code) && error.details.emailSent !== true;
}

/**
 * Limits per client on the routes that cost the server (gateway/src/config.ts
 * clientLimits): each guarded request costs one cache round trip (one MULTI
 * for all its counters), generate-pdf one more at its end to give its counts
 * back; no other route pays anything. When the cache cannot be reached a
 * request is let through (RateLimiter), and the dependency monitor is told.
 */
export class ClientLimits {
  constructor(
    private readonly rules: ClientLimitRules,
    private readonly limiter: RateLimiter,
  ) {}

  /** POST /sessions/create: new sessions per client address. */
  readonly sessionCreation: Middleware = async (ctx, next) => {
    await this.limiter.hitAll([{ rule: this.rules.sessionCreationPerIp, subject: clientAddressSubject(ctx.ip) }]);
    return next();
  };

  /** POST /activity/events (after the optional bearer is checked): events per address and per session or user. */
  readonly activityEvents: Middleware = async (ctx, next) => {
    const checks: RateLimitCheck[] = [{ rule: this.rules.activityPerIp, subject: clientAddressSubject(ctx.ip) }];
    const caller = activityCallerOf(ctx);
    if (caller) checks.push({ rule: this.rules.activityPerCaller[caller.kind], subject: subjectOf(caller) });
    await this.limiter.hitAll(checks);
    return next();
  };

  /**
   * Runs one generate-pdf call within its limits: generations per window and
   * renders in progress, per address and per session or user (over any of
   * them: 429), and the plan e-mail per recipient, address and session or
   * user (over any of them: the e-mail is held back, `run` is told why, and
   * the PDF is still made). The renders in progress are counted when it
   * starts, in the same round trip, and given back when it ends however it
   * ends; the e-mail's counts are given back too when no e-mail went out.
   */
  async generating<T>(
    ctx: Context,
    caller: Caller,
    recipient: string | undefined,
    run: (withholdMail: MailNotSentReason | undefined) => Promise<T>,
  ): Promise<T> {
    const { rules, limiter } = this;
    const address = clientAddressSubject(ctx.ip);
    const who = subjectOf(caller);
    const generations = [
      { rule: rules.pdfPerIp, subject: address },
      { rule: rules.pdfPerCaller[caller.kind], subject: who },
    ];
    const inProgress = [
      { rule: rules.pdfInProgressPerCaller[caller.kind], subject: who },
      { rule: rules.pdfInProgressPerIp, subject: address },
    ];
    const mail =
      recipient === undefined
        ? []
        : [
            { rule: rules.mailPerRecipient, subject: recipient },
            { rule: rules.mailPerIp, subject: address },
            { rule: rules.mailPerCaller[caller.kind], subject: who },
          ];
    const tally = await limiter.count([...generations, ...inProgress, ...mail]);
    const held = inProgress.filter((check) => tally.counted.includes(check));
    const mailCounted = mail.filter((check) => tally.counted.includes(check));
    const refusal = tally.refusal([...generations, ...inProgress]);
    if (refusal) {
      await limiter.giveBack([...held, ...mailCounted]);
      throw refusal;
    }
    const withholdMail = reasonOf(tally.refusal(mail));
    // Only e-mails handed on to be sent count: a held-back one does not, nor one of a generation that failed before it.
    let mailCountsStand = !withholdMail;
    try {
      return await run(withholdMail);
    } catch (error) {
      if (sentNoMail(error)) mailCountsStand = false;
      throw error;
    } finally {
      await limiter.giveBack(mailCountsStand ? held : [...held, ...mailCounted]);
    }
  }
}

function subjectOf(caller: Caller): string {
  return `${caller.kind}:${caller.id}`;
}

function reasonOf(refusal: AppError | undefined): MailNotSentReason | undefined {
  if (!refusal) return undefined;
  return { code: refusal.code, message: refusal.message, retryAfterSeconds: Number(refusal.details.retryAfterSeconds) };
}
