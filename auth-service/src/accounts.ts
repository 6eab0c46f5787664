import { randomUUID } from 'node:crypto';
import { type Cache } from '@evalplan/common/cache';
import { type Queryable, type SqlExecutor, withTransaction } from '@evalplan/common/db';
import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { parseBodyJson, isUuid } from '@evalplan/common/input';
import { type Logger } from '@evalplan/common/logging';
import type { types } from '@evalplan/protos';
import { type AccessTokens, blacklistKey, SIGN_IN_REQUIRED } from './contracts';
import { parseLogin, parseRegistration } from './domain/credentials';
import { decideRefresh } from './domain/refresh-rotation';
import type { PasswordHasher } from './passwords';
import { clientAddressSubject, type RateLimiter, type RateLimitRule } from './rate-limiter';
import { hashRefreshToken, looksLikeRefreshToken, newRefreshToken } from './refresh-token-secret';
import { refreshTokensRepository as refreshTokens } from './repositories/refresh-tokens';
import { type UserRecord, usersRepository as users, withoutPassword } from './repositories/users';

/** A signed-in person: what register, login and refresh hand back. */
export interface SignedIn {
  user: UserRecord;
  accessToken: string;
  accessTokenExpiresInSeconds: number;
  refreshToken: string;
  refreshTokenMaxAgeSeconds: number;
}

/** Where a sign-in comes from: the client address (rate limits) and its User-Agent (the session list). */
export interface ClientInfo {
  clientIp: string;
  userAgent: string;
}

/** The signed-in caller of an account route, from a verified access token (see the Caller message). */
export interface Caller extends ClientInfo {
  userId: string;
  /** The refresh family the access token was issued from; '' for a token issued before tokens carried one. */
  familyId: string;
}

export interface AccountsOptions {
  db: Queryable;
  cache: Cache;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  rateLimiter: RateLimiter;
  logger: Logger;
  refreshTokenTtlMs: number;
  refreshReuseGraceMs: number;
  rateLimits: { perIp: number; perEmail: number; windowMs: number };
}

const REFRESH_REFUSED = 'Your sign-in has ended. Please sign in again.';

/**
 * The account use-cases. Passwords, hashes and tokens are never logged and
 * never part of an error: log lines carry user ids only.
 */
export class Accounts {
  private readonly rules: Record<'registerIp' | 'registerEmail' | 'loginIp' | 'loginEmail', RateLimitRule>;

  constructor(private readonly options: AccountsOptions) {
    const { perIp, perEmail, windowMs } = options.rateLimits;
    this.rules = {
      registerIp: { name: 'register-ip', limit: perIp, windowMs },
      registerEmail: { name: 'register-email', limit: perEmail, windowMs },
      loginIp: { name: 'login-ip', limit: perIp, windowMs },
      loginEmail: { name: 'login-email', limit: perEmail, windowMs },
    };
  }

  async register(bodyJson: string, { clientIp }: ClientInfo, context?: RequestContext): Promise<SignedIn> {
    const { rateLimiter, hasher, db, logger } = this.options;
    await rateLimiter.hit(this.rules.registerIp, clientAddressSubject(clientIp));
    const { email, password } = parseRegistration(parseBodyJson(bodyJson));
    await rateLimiter.hit(this.rules.registerEmail, email);
    // Cheap check first so a taken address costs no hashing; the unique index
    // still decides when two registrations race.
    if (await users.emailTaken(db, email)) throw new AppError('EMAIL_ALREADY_EXISTS');
    const passwordHash = await hasher.hash(password);
    const signedIn = await withTransaction(db, async (tx) => {
      const user = await users.insert(tx, { id: randomUUID(), email, passwordHash });
      if (!user) throw new AppError('EMAIL_ALREADY_EXISTS');
      return this.startFamily(tx, user);
    });
    logger.info({ user_id: signedIn.user.id, ...requestFields(context) }, 'user registered');
    return signedIn;
  }

  async login(bodyJson: string, { clientIp }: ClientInfo, context?: RequestContext): Promise<SignedIn> {
    const { rateLimiter, hasher, db, logger } = this.options;
    await rateLimiter.hit(this.rules.loginIp, clientAddressSubject(clientIp));
    const { email, password } = parseLogin(parseBodyJson(bodyJson));
    // Per address only failures count, so a flood of attempts by others
    // cannot use up the allowance of the person who knows the password.
    await rateLimiter.ensureAllowed(this.rules.loginEmail, email);
    const user = await users.findByEmail(db, email);
    // Same work whether or not the user exists: verify() uses a dummy hash.
    if (!(await hasher.verify(password, user?.passwordHash)) || !user) {
      await rateLimiter.record(this.rules.loginEmail, email);
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (hasher.needsRehash(user.passwordHash)) {
      // BCRYPT_COST changed since this password was hashed: bring it up to date
      // while the plain password is at hand, so every account costs the same to check.
      await users.updatePasswordHash(db, user.id, await hasher.hash(password));
    }
    const signedIn = await withTransaction(db, (tx) => this.startFamily(tx, withoutPassword(user)));
    logger.info({ user_id: user.id, ...requestFields(context) }, 'user logged in');
    return signedIn;
  }

  /** Exchanges a live refresh token for a new pair; see decideRefresh for reuse. */
  async refresh(refreshToken: string, _userAgent: string, context?: RequestContext): Promise<SignedIn> {
    if (refreshToken === '') throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED);
    if (!looksLikeRefreshToken(refreshToken)) throw new AppError('UNAUTHORIZED', REFRESH_REFUSED);
    const { db, logger, refreshReuseGraceMs } = this.options;
    const hash = hashRefreshToken(refreshToken);
    const outcome = await withTransaction(db, async (tx) => {
      // Family first, then the row: logout and theft detection take the same
      // family lock, so none of them can miss a successor being inserted.
      const familyId = await refreshTokens.familyOfHash(tx, hash);
      if (!familyId) return { kind: 'refused' as const, reason: 'unknown' };
      await refreshTokens.lockFamily(tx, familyId);
      const presented = await refreshTokens.lockByHash(tx, hash);
      if (!presented) return { kind: 'refused' as const, reason: 'unknown' };
      const decision = decideRefresh(presented, refreshReuseGraceMs);
      if (decision === 'revoke-family') {
        const revoked = await refreshTokens.revokeFamily(tx, presented.familyId);
        return { kind: 'refused' as const, reason: 'reuse', userId: presented.userId, revoked };
      }
      if (decision === 'reject') return { kind: 'refused' as const, reason: 'stale' };
      const user = await users.findById(tx, presented.userId);
      if (!user) return { kind: 'refused' as const, reason: 'unknown' };
      await refreshTokens.markRotated(tx, presented.id);
      return { kind: 'rotated' as const, signedIn: await this.continueFamily(tx, user, presented.familyId) };
    });
    if (outcome.kind === 'rotated') return outcome.signedIn;
    if (outcome.reason === 'reuse') {
      logger.warn(
        { user_id: outcome.userId, revoked_tokens: outcome.revoked, ...requestFields(context) },
        'rotated refresh token reused after the grace period; its family was revoked',
      );
    }
    throw new AppError('UNAUTHORIZED', REFRESH_REFUSED);
  }

  /**
   * Ends a sign-in: the access token's id is blacklisted until it expires and
   * the refresh token's family is revoked. Missing or invalid tokens are
   * simply skipped; only an infrastructure failure is an error.
   */
  async logout(accessToken: string, refreshToken: string, context?: RequestContext): Promise<void> {
    const { accessTokens, cache, db, logger } = this.options;
    if (looksLikeRefreshToken(refreshToken)) {
      await withTransaction(db, async (tx) => {
        const familyId = await refreshTokens.familyOfHash(tx, hashRefreshToken(refreshToken));
        if (!familyId) return;
        // Waits for a refresh of this family in flight, then revokes its successor too.
        await refreshTokens.lockFamily(tx, familyId);
        await refreshTokens.revokeFamily(tx, familyId);
      });
    }
    const claims = accessToken ? await accessTokens.tryVerify(accessToken) : undefined;
    if (!claims) return;
    const remainingMs = claims.expiresAt * 1000 - Date.now();
    if (remainingMs > 0) {
      try {
        await cache.set(blacklistKey(claims.jti), '1', remainingMs);
      } catch (error) {
        // A Redis outage is logged once by the dependency monitor; this is one of its echoes.
        logger.debug({ err: error, user_id: claims.userId, ...requestFields(context) }, 'could not blacklist an access token at logout');
        throw new AppError('SERVICE_UNAVAILABLE', 'We could not finish signing you out. Please try again.');
      }
    }
    logger.info({ user_id: claims.userId, ...requestFields(context) }, 'user logged out');
  }

  async getUser(userId: string): Promise<UserRecord> {
    const user = isUuid(userId) ? await users.findById(this.options.db, userId) : undefined;
    if (!user) throw new AppError('UNAUTHORIZED', 'Your account no longer exists. Please sign in again.');
    return user;
  }

  // PLACEHOLDERS until the sign-in work lands (owned by the sessions work).
  changePassword(_caller: Caller, _bodyJson: string, _context?: RequestContext): Promise<SignedIn> {
    return Promise.reject(new AppError('NOT_IMPLEMENTED'));
  }

  listSessions(_caller: Caller): Promise<types.SignInSession[]> {
    return Promise.reject(new AppError('NOT_IMPLEMENTED'));
  }

  endSession(_caller: Caller, _sessionId: string, _context?: RequestContext): Promise<void> {
    return Promise.reject(new AppError('NOT_IMPLEMENTED'));
  }

  logoutAll(_caller: Caller, _context?: RequestContext): Promise<number> {
    return Promise.reject(new AppError('NOT_IMPLEMENTED'));
  }

  private startFamily(tx: SqlExecutor, user: UserRecord): Promise<SignedIn> {
    return this.continueFamily(tx, user, randomUUID());
  }

  private async continueFamily(tx: SqlExecutor, user: UserRecord, familyId: string): Promise<SignedIn> {
    const { refreshTokenTtlMs, accessTokens } = this.options;
    const refresh = newRefreshToken();
    await refreshTokens.insert(tx, { id: randomUUID(), userId: user.id, familyId, hash: refresh.hash, ttlMs: refreshTokenTtlMs });
    const access = await accessTokens.issue(user.id, familyId);
    return {
      user,
      accessToken: access.token,
      accessTokenExpiresInSeconds: access.expiresInSeconds,
      refreshToken: refresh.token,
      refreshTokenMaxAgeSeconds: Math.floor(refreshTokenTtlMs / 1000),
    };
  }
}
