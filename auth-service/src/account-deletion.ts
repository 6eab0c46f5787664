import { type Queryable, withTransaction } from '@evalplan/common/db';
import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { isUuid, parseBodyJson } from '@evalplan/common/input';
import { type Logger } from '@evalplan/common/logging';
import type { Caller } from './accounts';
import type { AuthConfig } from './config';
import type { FamilyRevocation } from './family-revocation';
import type { PasswordHasher } from './passwords';
import { type RateLimiter, type RateLimitRule } from './rate-limiter';
import { usersRepository as users } from './repositories/users';

/** What other services keep of a person, deleted or anonymised on their side (server.ts adapts the clients). */
export interface PersonalData {
  /** Every project of the owner and its stored PDFs (wizard-service, with pdf-service). */
  deleteProjects(userId: string, context?: RequestContext): Promise<void>;
  /** The user id taken off the person's activity events, now and when late ones arrive (activity-service). */
  forgetActivity(userId: string, context?: RequestContext): Promise<void>;
}

export interface AccountDeletionOptions {
  db: Queryable;
  hasher: PasswordHasher;
  rateLimiter: RateLimiter;
  revocation: FamilyRevocation;
  personalData: PersonalData;
  logger: Logger;
  /** Wrong passwords allowed per user in each window (0 turns the limit off). */
  rateLimit: { perUser: number; windowMs: number };
}

/** The body of DELETE /auth/me: {password}. */
function parsePassword(body: unknown): string {
  const password = (body as { password?: unknown } | null)?.password;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || typeof password !== 'string' || password === '') {
    throw new AppError('INVALID_INPUT', 'Please enter your password to delete your account.', { field: 'password' });
  }
  return password;
}

/**
 * DELETE /auth/me: the password is checked as at login, then every sign-in
 * ends (nothing new can start), the projects and their PDFs go, the activity
 * events lose the user id, and the account row goes last, with its tokens,
 * families and reset tokens (ON DELETE CASCADE). Each step can be repeated,
 * so a failure part-way answers 503 and the person simply tries again.
 */
export class AccountDeletion {
  private readonly rule: RateLimitRule;

  /** As server.ts builds it: the login rate limit's numbers, per user. */
  static from(parts: {
    config: Pick<AuthConfig, 'authRateLimitPerEmail' | 'authRateLimitWindowMs'>;
    db: Queryable;
    hasher: PasswordHasher;
    rateLimiter: RateLimiter;
    revocation: FamilyRevocation;
    personalData: PersonalData;
    logger: Logger;
  }): AccountDeletion {
    const { config, ...rest } = parts;
    return new AccountDeletion({
      ...rest,
      rateLimit: { perUser: config.authRateLimitPerEmail, windowMs: config.authRateLimitWindowMs },
    });
  }

  constructor(private readonly options: AccountDeletionOptions) {
    this.rule = { name: 'delete-account-user', limit: options.rateLimit.perUser, windowMs: options.rateLimit.windowMs };
  }

  async deleteAccount(caller: Caller, bodyJson: string, context?: RequestContext): Promise<void> {
    const { db, hasher, rateLimiter, revocation, personalData, logger } = this.options;
    const password = parsePassword(parseBodyJson(bodyJson));
    if (!isUuid(caller.userId)) throw new AppError('UNAUTHORIZED');
    // Only failures count, as for login: a guessing thief with a stolen access token is stopped.
    await rateLimiter.ensureAllowed(this.rule, caller.userId);
    const user = await users.findWithPasswordById(db, caller.userId);
    // The same work whether or not the account is still there (a second, concurrent deletion).
    const matches = await hasher.verify(password, user?.passwordHash);
    if (!user) throw new AppError('UNAUTHORIZED', 'Your account no longer exists. Please sign in again.');
    if (!matches) {
      await rateLimiter.record(this.rule, caller.userId);
      throw new AppError('INCORRECT_PASSWORD', 'The password is not correct.');
    }

    await withTransaction(db, async (tx) => {
      // Announced before the commit: if Redis cannot be told, nothing is revoked and the person retries.
      await revocation.announce(await revocation.revokeInTransaction(tx, user.id));
    });
    await personalData.deleteProjects(user.id, context);
    await personalData.forgetActivity(user.id, context);
    await users.deleteById(db, user.id);
    logger.info({ user_id: user.id, ...requestFields(context) }, 'account deleted');
  }
}
