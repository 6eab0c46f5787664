import { type Queryable, withTransaction } from '@evalplan/common/db';
import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { createSmtpTransport, type SmtpTransport } from '@evalplan/common/mail';
import { BackgroundWork } from './background-work';
import { type AuthConfig, resetLinksPointToLocalhost } from '../config';
import { normaliseEmail } from '../domain/credentials';
import { parseResetConfirmation, parseResetRequest } from '../domain/password-reset-input';
import type { SignInLimits } from '../domain/sign-in-limits';
import { type FamilyRevocation } from './family-revocation';
import type { AccountNotices } from './account-notices';
import { resetLink, resetMail } from '../mail/reset-mail';
import type { PasswordHasher } from '../secrets/passwords';
import { clientAddressSubject, type RateLimiter, type RateLimitRule } from '@evalplan/common/rate-limit';
// A reset token has a refresh token's shape: 256 random bits, base64url, stored only as its SHA-256.
import { hashRefreshToken as hashToken, newRefreshToken as newToken } from '../secrets/refresh-token-secret';
import { passwordResetsRepository as resets, type ResetTokenState } from '../repositories/password-resets';
import { usersRepository as users } from '../repositories/users';

/** What a reset needs of FamilyRevocation: end every sign-in of the person, access tokens included. */
export type Revocation = Pick<FamilyRevocation, 'revokeInTransaction' | 'announce'>;

export interface PasswordResetsOptions {
  db: Queryable;
  hasher: PasswordHasher;
  rateLimiter: RateLimiter;
  revocation: Revocation;
  /** Undefined without SMTP_URL: a request is then answered and logged, and nothing else happens. */
  mail: SmtpTransport | undefined;
  /** Tells the account's address that its password was reset. */
  notices: AccountNotices;
  /** The login limits: a reset lifts the lockout of its account's address (whoever reset it owns the mailbox). */
  signInLimits: SignInLimits;
  logger: Logger;
  resetUrl: string;
  ttlMs: number;
  rateLimits: { perIp: number; perEmail: number; windowMs: number };
}

/** What the service host has at hand when it binds the handlers. */
export interface PasswordResetResources {
  config: AuthConfig;
  db: Queryable;
  hasher: PasswordHasher;
  rateLimiter: RateLimiter;
  revocation: FamilyRevocation;
  notices: AccountNotices;
  signInLimits: SignInLimits;
  logger: Logger;
}

const PURGE_BATCH = 100;

/**
 * Password reset by e-mail. A request is answered as soon as its input and
 * rate limits are checked, the same way whether or not the address has an
 * account; looking it up, storing the token and sending the e-mail happen
 * after the answer, so its timing tells nothing. Tokens, addresses and family
 * ids are never logged; lines carry user ids only.
 */
export class PasswordResets {
  private readonly rules: Record<'requestIp' | 'requestEmail' | 'confirmIp', RateLimitRule>;
  private readonly background: BackgroundWork;

  constructor(private readonly options: PasswordResetsOptions) {
    const { perIp, perEmail, windowMs } = options.rateLimits;
    this.rules = {
      requestIp: { name: 'reset-request-ip', limit: perIp, windowMs },
      requestEmail: { name: 'reset-request-email', limit: perEmail, windowMs },
      confirmIp: { name: 'reset-confirm-ip', limit: perIp, windowMs },
    };
    this.background = new BackgroundWork(options.logger);
  }

  /** Wired from the auth settings: the SMTP transport, the revocation and the rate limits. */
  static from({ config, db, hasher, rateLimiter, revocation, notices, signInLimits, logger }: PasswordResetResources): PasswordResets {
    if (resetLinksPointToLocalhost(config)) {
      logger.warn("reset e-mails link to http://localhost:5173/reset-password: set PASSWORD_RESET_URL to the web client's reset page");
    }
    return new PasswordResets({
      db,
      hasher,
      rateLimiter,
      revocation,
      notices,
      signInLimits,
      mail: config.smtpUrl
        ? createSmtpTransport({
            smtpUrl: config.smtpUrl,
            from: config.mailFrom,
            logger,
            kind: 'password reset e-mail',
            summaryIntervalMs: config.incidentSummaryIntervalMs,
          })
        : undefined,
      logger,
      resetUrl: config.passwordResetUrl,
      ttlMs: config.passwordResetTtlMs,
      rateLimits: {
        perIp: config.passwordResetRateLimitPerIp,
        perEmail: config.passwordResetRateLimitPerEmail,
        windowMs: config.passwordResetRateLimitWindowMs,
      },
    });
  }

  /** Checks the request and its limits, then answers; the e-mail (if the account exists) goes out after. */
  async request(body: unknown, clientIp: string, context?: RequestContext): Promise<void> {
    const { rateLimiter, mail, logger } = this.options;
    await rateLimiter.hit(this.rules.requestIp, clientAddressSubject(clientIp));
    const { email, emailAsTyped } = parseResetRequest(body);
    await rateLimiter.hit(this.rules.requestEmail, email);
    if (!mail) {
      logger.info(requestFields(context), 'password reset requested, but reset e-mail is not configured (SMTP_URL is unset): nothing sent');
      return;
    }
    this.background.run(() => this.sendLink(mail, { email, emailAsTyped }, context), 'password reset e-mail not sent', context);
  }

  /** Sets the new password and ends every sign-in of the person, all in one transaction; the account's address is told after. */
  async confirm(body: unknown, clientIp: string, context?: RequestContext): Promise<void> {
    const { rateLimiter, db, hasher, revocation, notices, signInLimits, logger } = this.options;
    await rateLimiter.hit(this.rules.confirmIp, clientAddressSubject(clientIp));
    const { token, newPassword } = parseResetConfirmation(body);
    const hash = hashToken(token);
    // A link that cannot work is refused before the costly hashing.
    ensureUsable(await resets.find(db, hash));
    const passwordHash = await hasher.hash(newPassword);
    const { userId, ended, email } = await withTransaction(db, async (tx) => {
      const state = ensureUsable(await resets.lock(tx, hash));
      await resets.markAllUsed(tx, state.userId);
      await users.updatePasswordHash(tx, state.userId, passwordHash);
      const families = await revocation.revokeInTransaction(tx, state.userId);
      // Before the commit: if the access tokens cannot be refused, nothing changes and the person may retry.
      await revocation.announce(families);
      return { userId: state.userId, ended: families.length, email: (await users.findById(tx, state.userId))?.email };
    });
    // Whoever guessed at the old password locked the address out of new devices; its owner, who just proved
    // they read its mail, may now sign in anywhere with the new one.
    if (email !== undefined) await rateLimiter.clear(signInLimits.loginAddressChecks(normaliseEmail(email.trim().toLowerCase())));
    logger.info(
      { user_id: userId, ended_sessions: ended, ...requestFields(context) },
      'password reset: new password set, every sign-in ended',
    );
    notices.notify(userId, { kind: 'password-reset', at: new Date() }, context);
  }

  /** Resolves once the e-mails being prepared or sent are done, then closes the transport (the service is stopping). */
  async close(): Promise<void> {
    await this.background.drain();
    this.options.mail?.close();
  }

  private async sendLink(
    mail: SmtpTransport,
    { email, emailAsTyped }: { email: string; emailAsTyped: string },
    context: RequestContext | undefined,
  ): Promise<void> {
    const { db, logger, resetUrl, ttlMs } = this.options;
    const fields = requestFields(context);
    const user = await users.findByEmail(db, email, emailAsTyped);
    if (!user) {
      logger.debug(fields, 'password reset requested for an address without an account: nothing sent');
      return;
    }
    const { token, hash } = newToken();
    await withTransaction(db, (tx) => resets.replaceForUser(tx, { userId: user.id, hash, ttlMs }));
    const delivery = await mail.send(resetMail(user.email, resetLink(resetUrl, token), ttlMs), context);
    if (delivery.sent) logger.info({ user_id: user.id, ...fields }, 'password reset e-mail sent');
    // Old tokens only take room: tidied here, a few at a time, rather than by a timer of its own.
    await resets.purgeExpired(db, PURGE_BATCH);
  }
}

/** The token's row, when it can still be used; otherwise the error the person sees. */
function ensureUsable(state: ResetTokenState | undefined): ResetTokenState {
  if (!state || state.used) throw new AppError('INVALID_RESET_TOKEN');
  if (state.expired) throw new AppError('RESET_TOKEN_EXPIRED');
  return state;
}
