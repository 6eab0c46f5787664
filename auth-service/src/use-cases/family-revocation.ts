import { type Cache } from '@evalplan/common/cache';
import { type SqlExecutor } from '@evalplan/common/db';
import { AppError } from '@evalplan/common/errors';
import { type Logger } from '@evalplan/common/logging';
import { revokedFamilyKey, revokedFamilyValue } from '../contracts';
import { refreshFamiliesRepository as families } from '../repositories/refresh-families';
import { refreshTokensRepository as refreshTokens } from '../repositories/refresh-tokens';

/** The gateway accepts a token issued up to a minute ahead of its clock (see access-tokens.ts): it may live that much longer. */
const CLOCK_ALLOWANCE_MS = 60_000;

export interface FamilyRevocationOptions {
  cache: Cache;
  accessTokenTtlMs: number;
  logger: Logger;
}

/**
 * Ends sign-ins (refresh families): in the database, so no refresh token of
 * theirs works again, and in Redis, so their access tokens are refused at
 * once instead of when they expire. Every use-case that ends a sign-in goes
 * through here (logout, ending a session, logging out everywhere, theft
 * detection, password change and reset, account deletion).
 *
 * Usual order: inside the transaction, revokeInTransaction, then announce
 * before the commit, so a Redis failure rolls the revocation back and the
 * person can retry. If the commit itself fails, the entry stays but only
 * refuses tokens issued up to the announcement (see entryRefuses): the
 * family's next refresh gets a token that works.
 */
export class FamilyRevocation {
  private readonly entryTtlMs: number;

  constructor(private readonly options: FamilyRevocationOptions) {
    this.entryTtlMs = options.accessTokenTtlMs + CLOCK_ALLOWANCE_MS;
  }

  /**
   * Marks the user's live families revoked in the database (tokens and family
   * rows) inside `tx` and returns their ids. `only` limits to one family,
   * `except` keeps one. Waits for a refresh of those families in flight and
   * revokes the successor it issued too.
   */
  async revokeInTransaction(tx: SqlExecutor, userId: string, scope: { only?: string; except?: string } = {}): Promise<string[]> {
    // Sign-ins the previous release started during a rolling upgrade have no family row yet: they end too.
    await families.adoptOrphanTokens(tx, userId);
    const ids = await families.revoke(tx, userId, scope);
    if (ids.length > 0) await refreshTokens.revokeTokensOfRevokedFamilies(tx, userId);
    return ids;
  }

  /**
   * Writes one Redis entry per family so its access tokens issued until now
   * are refused at once; kept for the access-token TTL plus the 60 s clock
   * allowance. Throws AppError SERVICE_UNAVAILABLE when the cache cannot be
   * written.
   */
  async announce(familyIds: string[]): Promise<void> {
    if (familyIds.length === 0) return;
    const revokedAt = revokedFamilyValue(Date.now());
    try {
      await Promise.all(familyIds.map((id) => this.options.cache.set(revokedFamilyKey(id), revokedAt, this.entryTtlMs)));
    } catch (error) {
      // A Redis outage is logged once by the dependency monitor; this is one of its echoes. Only the message: a
      // client error can carry the command's arguments, and family ids stay out of logs.
      const reason = error instanceof Error ? error.message : String(error);
      this.options.logger.debug({ reason, families: familyIds.length }, 'could not announce revoked sign-ins');
      throw new AppError('SERVICE_UNAVAILABLE', 'We could not end the sign-in right now. Please try again.');
    }
  }
}
