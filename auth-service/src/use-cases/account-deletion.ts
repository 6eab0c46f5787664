import { type Queryable, withTransaction } from '@evalplan/common/db';
import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { isUuid } from '@evalplan/common/input';
import { type Logger } from '@evalplan/common/logging';
import type { Caller } from './accounts';
import { parseDeletionPassword } from '../domain/credentials';
import type { SignInLimits } from '../domain/sign-in-limits';
import type { FamilyRevocation } from './family-revocation';
import type { PasswordHasher } from '../secrets/passwords';
import { type RateLimiter } from '@evalplan/common/rate-limit';
import { usersRepository as users } from '../repositories/users';

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
  /** Wrong passwords allowed per user: the login limits' numbers, on counters of their own. */
  limits: SignInLimits;
  revocation: FamilyRevocation;
  personalData: PersonalData;
  logger: Logger;
}

/**
 * DELETE /auth/me, in an order that can be repeated from any point: the
 * password is checked as at login; wizard-service deletes the projects and
 * their PDFs; activity-service takes the user id off the events; then one
 * transaction ends every sign-in (announced to the gateway) and deletes the
 * account row with its tokens, families and reset tokens (ON DELETE
 * CASCADE). Until that commit the caller's access token still works, so a
 * 503 from another service is simply retried with it. A login racing the
 * deletion either commits first (its family goes with the row) or finds
 * the account gone. Last, the projects are deleted once more, best effort:
 * another device may have created one after the first pass.
 */
export class AccountDeletion {
  constructor(private readonly options: AccountDeletionOptions) {}

  async deleteAccount(caller: Caller, body: unknown, context?: RequestContext): Promise<void> {
    const { db, hasher, rateLimiter, limits, revocation, personalData, logger } = this.options;
    const password = parseDeletionPassword(body);
    if (!isUuid(caller.userId)) throw new AppError('UNAUTHORIZED');
    const userId = caller.userId.toLowerCase();
    // Counted before the check, given back on success, as at login: a guessing thief with a stolen access token is stopped.
    const counted = limits.deleteAccountChecks(userId);
    await rateLimiter.hitAll(counted);
    const user = await users.findWithPasswordById(db, userId);
    // The same work whether or not the account is still there (a second, concurrent deletion).
    const matches = await hasher.verify(password, user?.passwordHash);
    if (!user) throw new AppError('UNAUTHORIZED', 'Your account no longer exists. Please sign in again.');
    if (!matches) throw new AppError('INCORRECT_PASSWORD', 'The password is not correct.');
    await rateLimiter.giveBack(counted);

    await personalData.deleteProjects(userId, context);
    await personalData.forgetActivity(userId, context);
    const ended = await withTransaction(db, async (tx) => {
      const revoked = await revocation.revokeInTransaction(tx, userId);
      // Announced before the commit: if Redis cannot be told, the account stays and the person retries.
      await revocation.announce(revoked);
      await users.deleteById(tx, userId);
      return revoked.length;
    });
    logger.info({ user_id: userId, ended_sign_ins: ended, ...requestFields(context) }, 'account deleted');
    try {
      await personalData.deleteProjects(userId, context);
    } catch (error) {
      // The account is gone and the answer stands; a project made in that window is left under an id no account has.
      const reason = error instanceof AppError ? error.code : 'unexpected error';
      logger.warn({ user_id: userId, reason, ...requestFields(context) }, 'could not delete projects created during the account deletion');
    }
  }
}
