import { randomUUID } from 'node:crypto';
import { type Cache } from '@evalplan/common/cache';
import { type Queryable, type SqlExecutor, withTransaction } from '@evalplan/common/db';
import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { isUuid } from '@evalplan/common/input';
import { type Logger } from '@evalplan/common/logging';
import type { types } from '@evalplan/protos';
import type { AccountNotices } from './account-notices';
import { type AccessTokens, blacklistKey, SIGN_IN_REQUIRED } from '../contracts';
import { parseLogin, parsePasswordChange, parseRegistration } from '../domain/credentials';
import { describeDevice } from '../domain/device-description';
import { decideRefresh, type PresentedRefreshToken } from '../domain/refresh-rotation';
import type { SignInLimits } from '../domain/sign-in-limits';
import type { DeviceTokens, IssuedDeviceToken } from '../secrets/device-tokens';
import type { FamilyRevocation } from './family-revocation';
import type { PasswordHasher } from '../secrets/passwords';
import { type RateLimiter } from '@evalplan/common/rate-limit';
import { hashRefreshToken, looksLikeRefreshToken, newRefreshToken } from '../secrets/refresh-token-secret';
import { refreshFamiliesRepository as families, type SignInLifetime } from '../repositories/refresh-families';
import { type LockedRefreshToken, refreshTokensRepository as refreshTokens } from '../repositories/refresh-tokens';
import { type UserRecord, withoutPassword } from '../domain/users';
import { usersRepository as users } from '../repositories/users';
import type { SuccessorSeal } from '../secrets/successor-seal';

/** A signed-in person: what register, login and refresh hand back. */
export interface SignedIn {
  user: UserRecord;
  accessToken: string;
  accessTokenExpiresInSeconds: number;
  refreshToken: string;
  /** Seconds until the sign-in ends unless it is used again: the refresh cookie's Max-Age. */
  refreshTokenMaxAgeSeconds: number;
  /** A fresh device token (login and register only): the device_token cookie. */
  deviceToken?: IssuedDeviceToken;
}

/** Where a sign-in comes from: the client address (rate limits) and its User-Agent (the session list). */
export interface ClientInfo {
  clientIp: string;
  userAgent: string;
}

/** A login's client: also the device token it presented ('' without one). */
export interface LoginClient extends ClientInfo {
  deviceToken: string;
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
  revocation: FamilyRevocation;
  successorSeal: SuccessorSeal;
  rateLimiter: RateLimiter;
  limits: SignInLimits;
  deviceTokens: DeviceTokens;
  /** E-mails the account's address after a password change and after every sign-in was ended. */
  notices: AccountNotices;
  logger: Logger;
  refreshLifetime: SignInLifetime;
  refreshReuseGraceMs: number;
}

const REFRESH_REFUSED = 'Your sign-in has ended. Please sign in again.';
const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';
/** How many rotations within the grace a reissue follows to the live token (a burst of reloads). */
const MAX_SUCCESSOR_CHAIN = 16;

/** A cookie's Max-Age for a sign-in ending in `ms`: rounded up, so the cookie never goes before its token does. */
const maxAgeSeconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

const presentedState = (token: LockedRefreshToken): PresentedRefreshToken => ({
  expired: token.expired,
  revoked: token.revoked,
  rotatedMsAgo: token.rotatedMsAgo,
  hasSealedSuccessor: token.successorSealed !== null,
});

type RefreshOutcome =
  | { kind: 'signed-in'; signedIn: SignedIn }
  | { kind: 'refused'; reason: 'unknown' | 'stale' }
  | { kind: 'refused'; reason: 'reuse'; userId: string; revoked: number };

/**
 * The account use-cases. Passwords, hashes and tokens are never logged and
 * never part of an error: log lines carry user ids only.
 */
export class Accounts {
  constructor(private readonly options: AccountsOptions) {}

  async register(body: unknown, { clientIp, userAgent }: ClientInfo, context?: RequestContext): Promise<SignedIn> {
    const { rateLimiter, hasher, db, logger } = this.options;
    const { email, password } = parseRegistration(body);
    await rateLimiter.hitAll(this.options.limits.registerChecks(clientIp, email));
    // Cheap check first so a taken address costs no hashing; the unique index
    // still decides when two registrations race.
    if (await users.emailTaken(db, email)) throw new AppError('EMAIL_ALREADY_EXISTS');
    const passwordHash = await hasher.hash(password);
    const signedIn = await withTransaction(db, async (tx) => {
      const user = await users.insert(tx, { id: randomUUID(), email, passwordHash });
      if (!user) throw new AppError('EMAIL_ALREADY_EXISTS');
      return this.startFamily(tx, user, userAgent);
    });
    logger.info({ user_id: signedIn.user.id, ...requestFields(context) }, 'user registered');
    return { ...signedIn, deviceToken: this.options.deviceTokens.issue(signedIn.user.id) };
  }

  /**
   * Every attempt is counted before the password is checked (per client IP,
   * and per address or, with a device token of the account, per device), so
   * concurrent guesses cannot all pass; a success gives its hits back, so
   * only failures use up an allowance. See domain/sign-in-limits.ts.
   */
  async login(body: unknown, { clientIp, userAgent, deviceToken }: LoginClient, context?: RequestContext): Promise<SignedIn> {
    const { rateLimiter, hasher, db, logger, limits, deviceTokens } = this.options;
    const { email, emailAsTyped, password } = parseLogin(body);
    const device = deviceTokens.recognise(deviceToken);
    const counted = limits.loginChecks(clientIp, device ? { deviceId: device.deviceId } : { email });
    await rateLimiter.hitAll(counted);
    const user = await users.findByEmail(db, email, emailAsTyped);
    if (device && device.userId !== user?.id) {
      // Another account's device (or an unknown address): no device of this one, so the address's limits apply after all.
      const byAddress = limits.loginAddressChecks(email);
      counted.push(...byAddress);
      await rateLimiter.hitAll(byAddress);
    }
    // Same work whether or not the user exists: verify() uses a dummy hash.
    if (!(await hasher.verify(password, user?.passwordHash)) || !user) throw new AppError('INVALID_CREDENTIALS');
    await rateLimiter.giveBack(counted);
    if (hasher.needsRehash(user.passwordHash)) {
      // A plain bcrypt hash from before PASSWORD_HASH_KEY, or BCRYPT_COST changed since: bring it up
      // to date while the plain password is at hand, so every account is stored and checked alike.
      await users.updatePasswordHash(db, user.id, await hasher.hash(password));
    }
    const signedIn = await withTransaction(db, async (tx) => {
      // Deleted since it was read (account deletion): as if it never existed.
      if (!(await users.holdForSignIn(tx, user.id))) throw new AppError('INVALID_CREDENTIALS');
      return this.startFamily(tx, withoutPassword(user), userAgent);
    });
    logger.info({ user_id: user.id, ...requestFields(context) }, 'user logged in');
    return { ...signedIn, deviceToken: deviceTokens.issue(user.id) };
  }

  /** Exchanges a live refresh token for a new pair; see decideRefresh for reuse. */
  async refresh(refreshToken: string, userAgent: string, context?: RequestContext): Promise<SignedIn> {
    if (refreshToken === '') throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED);
    if (!looksLikeRefreshToken(refreshToken)) throw new AppError('UNAUTHORIZED', REFRESH_REFUSED);
    const { db, logger } = this.options;
    const hash = hashRefreshToken(refreshToken);
    const outcome = await withTransaction(db, async (tx): Promise<RefreshOutcome> => {
      const owner = await refreshTokens.familyOfHash(tx, hash);
      if (!owner) return { kind: 'refused', reason: 'unknown' };
      // Serialises the refreshes of one family. Then the family's row before
      // the token's: the order every revocation takes them in.
      await refreshTokens.lockFamily(tx, owner.familyId);
      let family = await families.lock(tx, owner.familyId);
      if (!family) {
        // Issued by the previous release during a rolling upgrade, which writes no family row.
        await families.adoptOrphanTokens(tx, owner.userId);
        family = await families.lock(tx, owner.familyId);
      }
      // Revoked, idle for REFRESH_IDLE_TTL, or at its absolute end.
      if (!family || family.revoked || family.expired) return { kind: 'refused', reason: 'stale' };
      const presented = await refreshTokens.lockByHash(tx, hash);
      if (!presented) return { kind: 'refused', reason: 'unknown' };
      return this.exchange(tx, presented, userAgent);
    });
    if (outcome.kind === 'signed-in') return outcome.signedIn;
    if (outcome.reason === 'reuse') {
      logger.warn(
        { user_id: outcome.userId, revoked_sign_ins: outcome.revoked, ...requestFields(context) },
        'rotated refresh token reused after the grace period; its family was revoked',
      );
    }
    throw new AppError('UNAUTHORIZED', REFRESH_REFUSED);
  }

  private async exchange(tx: SqlExecutor, presented: LockedRefreshToken, userAgent: string): Promise<RefreshOutcome> {
    const { refreshReuseGraceMs, refreshLifetime, revocation, successorSeal } = this.options;
    const decision = decideRefresh(presentedState(presented), refreshReuseGraceMs);
    if (decision === 'reject') return { kind: 'refused', reason: 'stale' };
    if (decision === 'revoke-family') {
      // Announced before the commit: if Redis fails, nothing is revoked and the next attempt detects the reuse again.
      const revoked = await revocation.revokeInTransaction(tx, presented.userId, { only: presented.familyId });
      await revocation.announce(revoked);
      return { kind: 'refused', reason: 'reuse', userId: presented.userId, revoked: revoked.length };
    }
    const user = await users.findById(tx, presented.userId);
    if (!user) return { kind: 'refused', reason: 'unknown' };
    if (decision === 'reissue-successor') {
      // The same refresh token as the first answer, with a new access token:
      // whichever answer the browser keeps, its cookie is the live token.
      const successor = await this.keptSuccessor(tx, presented);
      if (!successor) return { kind: 'refused', reason: 'stale' };
      await families.touch(tx, presented.familyId, { lifetime: null, userAgent });
      return {
        kind: 'signed-in',
        signedIn: await this.signedIn(user, presented.familyId, successor.token, maxAgeSeconds(successor.expiresInMs)),
      };
    }
    // Idle time from now, never past the sign-in's absolute end.
    const touched = await families.touch(tx, presented.familyId, { lifetime: refreshLifetime, userAgent });
    if (!touched) return { kind: 'refused', reason: 'stale' };
    const next = await this.issueRefreshToken(tx, user.id, presented.familyId);
    await refreshTokens.markRotated(tx, presented.id, successorSeal.seal(next, presented.id));
    return { kind: 'signed-in', signedIn: await this.signedIn(user, presented.familyId, next, maxAgeSeconds(touched.expiresInMs)) };
  }

  /** The live token a rotated one was exchanged for, following rotations within the grace; undefined if there is none. */
  private async keptSuccessor(tx: SqlExecutor, rotated: LockedRefreshToken): Promise<{ token: string; expiresInMs: number } | undefined> {
    const { refreshReuseGraceMs, successorSeal } = this.options;
    let current = rotated;
    for (let step = 0; step < MAX_SUCCESSOR_CHAIN; step += 1) {
      const token = current.successorSealed && successorSeal.open(current.successorSealed, current.id);
      if (!token) return undefined;
      const successor = await refreshTokens.lockByHash(tx, hashRefreshToken(token));
      if (!successor || successor.familyId !== rotated.familyId) return undefined;
      const decision = decideRefresh(presentedState(successor), refreshReuseGraceMs);
      if (decision === 'rotate') return { token, expiresInMs: successor.expiresInMs };
      if (decision !== 'reissue-successor') return undefined;
      current = successor;
    }
    return undefined;
  }

  /**
   * Ends a sign-in: the families of the refresh cookie and of the access
   * token are revoked, and the access token's family is announced so its
   * access tokens stop at once (a token issued before tokens carried their
   * family is blacklisted by its id instead). Missing or invalid tokens are
   * simply skipped; only an infrastructure failure is an error.
   */
  async logout(accessToken: string, refreshToken: string, context?: RequestContext): Promise<void> {
    const { accessTokens, cache, db, logger, revocation } = this.options;
    const claims = accessToken ? await accessTokens.tryVerify(accessToken) : undefined;
    const revoked = await withTransaction(db, async (tx) => {
      const ended: string[] = [];
      const owner = looksLikeRefreshToken(refreshToken) ? await refreshTokens.familyOfHash(tx, hashRefreshToken(refreshToken)) : undefined;
      // Waits for a refresh of this family in flight, then revokes its successor too.
      if (owner) ended.push(...(await revocation.revokeInTransaction(tx, owner.userId, { only: owner.familyId })));
      if (claims?.familyId && claims.familyId !== owner?.familyId) {
        ended.push(...(await revocation.revokeInTransaction(tx, claims.userId, { only: claims.familyId })));
      }
      return ended;
    });
    // Announced after the commit, and the access token's family even when an
    // earlier attempt already revoked it: after a 503 here the refresh token
    // is gone, and a retry must still reach the access tokens.
    const announced = new Set(revoked);
    if (claims?.familyId) announced.add(claims.familyId);
    await revocation.announce([...announced]);
    if (!claims) return;
    const remainingMs = claims.expiresAt * 1000 - Date.now();
    if (!claims.familyId && remainingMs > 0) {
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
    if (!user) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
    return user;
  }

  /**
   * Checks the current password (as login does, and limited like login
   * failures), sets the new one, ends every sign-in of the person, the
   * caller's included, and starts a fresh one for the caller's device.
   */
  async changePassword(caller: Caller, body: unknown, context?: RequestContext): Promise<SignedIn> {
    const { rateLimiter, hasher, db, logger, revocation, notices } = this.options;
    const userId = this.callerId(caller);
    const { currentPassword, newPassword } = parsePasswordChange(body);
    // Counted before the check and given back on success, as at login.
    const counted = this.options.limits.passwordChangeChecks(userId);
    await rateLimiter.hitAll(counted);
    const user = await users.findWithPasswordById(db, userId);
    // Same work whether or not the user exists: verify() uses a dummy hash.
    if (!(await hasher.verify(currentPassword, user?.passwordHash))) {
      if (!user) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
      throw new AppError('INCORRECT_PASSWORD');
    }
    if (!user) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
    await rateLimiter.giveBack(counted);
    // Both come from this request: no secret is compared here.
    if (newPassword === currentPassword) {
      throw new AppError('INVALID_PASSWORD', 'The new password must be different from the current one.', { field: 'newPassword' });
    }
    const passwordHash = await hasher.hash(newPassword);
    const { signedIn, ended } = await withTransaction(db, async (tx) => {
      if (!(await users.holdForSignIn(tx, userId))) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
      await users.updatePasswordHash(tx, userId, passwordHash);
      const revoked = await revocation.revokeInTransaction(tx, userId);
      await revocation.announce(revoked);
      return { signedIn: await this.startFamily(tx, withoutPassword(user), caller.userAgent), ended: revoked.length };
    });
    logger.info({ user_id: userId, ended_sign_ins: ended, ...requestFields(context) }, 'password changed');
    notices.notify(userId, { kind: 'password-changed', at: new Date(), device: describeDevice(caller.userAgent) }, context);
    return signedIn;
  }

  /** The caller's live sign-ins, most recently used first. */
  async listSessions(caller: Caller): Promise<types.SignInSession[]> {
    const userId = this.callerId(caller);
    const live = await families.listLive(this.options.db, userId);
    return live.map((family) => ({
      id: family.id,
      createdAt: family.createdAt.toISOString(),
      lastUsedAt: family.lastUsedAt.toISOString(),
      expiresAt: family.expiresAt.toISOString(),
      device: describeDevice(family.userAgent),
      current: family.id === caller.familyId,
    }));
  }

  /** Ends one live sign-in of the caller (the current one too). Someone else's is "not found", never "forbidden". */
  async endSession(caller: Caller, sessionId: string, context?: RequestContext): Promise<void> {
    const userId = this.callerId(caller);
    if (!isUuid(sessionId)) throw new AppError('INVALID_SIGN_IN_ID', 'The sign-in id must be a UUID.', { field: 'id' });
    const { db, logger, revocation } = this.options;
    await withTransaction(db, async (tx) => {
      const ended = await revocation.revokeInTransaction(tx, userId, { only: sessionId.toLowerCase() });
      if (ended.length === 0) throw new AppError('SIGN_IN_NOT_FOUND');
      await revocation.announce(ended);
    });
    logger.info({ user_id: userId, current: sessionId.toLowerCase() === caller.familyId, ...requestFields(context) }, 'sign-in ended');
  }

  /** Ends every sign-in of the caller, the current one included; returns how many. */
  async logoutAll(caller: Caller, context?: RequestContext): Promise<number> {
    const userId = this.callerId(caller);
    const { db, logger, revocation, notices } = this.options;
    const ended = await withTransaction(db, async (tx) => {
      const revoked = await revocation.revokeInTransaction(tx, userId);
      await revocation.announce(revoked);
      return revoked.length;
    });
    logger.info({ user_id: userId, ended_sign_ins: ended, ...requestFields(context) }, 'logged out everywhere');
    notices.notify(userId, { kind: 'signed-out-everywhere', at: new Date(), device: describeDevice(caller.userAgent), ended }, context);
    return ended;
  }

  /** The caller's user id; the gateway only sends verified ones, anything else is no sign-in. */
  private callerId(caller: Caller): string {
    if (!isUuid(caller.userId)) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED);
    return caller.userId.toLowerCase();
  }

  private async startFamily(tx: SqlExecutor, user: UserRecord, userAgent: string): Promise<SignedIn> {
    const familyId = randomUUID();
    const { expiresInMs } = await families.insert(tx, { id: familyId, userId: user.id, lifetime: this.options.refreshLifetime, userAgent });
    const token = await this.issueRefreshToken(tx, user.id, familyId);
    return this.signedIn(user, familyId, token, maxAgeSeconds(expiresInMs));
  }

  /** A new refresh token of the family, stored as its hash; the token itself goes to the person only. It expires with the family. */
  private async issueRefreshToken(tx: SqlExecutor, userId: string, familyId: string): Promise<string> {
    const refresh = newRefreshToken();
    await refreshTokens.insert(tx, { id: randomUUID(), userId, familyId, hash: refresh.hash });
    return refresh.token;
  }

  private async signedIn(user: UserRecord, familyId: string, refreshToken: string, refreshTokenMaxAgeSeconds: number): Promise<SignedIn> {
    const access = await this.options.accessTokens.issue(user.id, familyId);
    return {
      user,
      accessToken: access.token,
      accessTokenExpiresInSeconds: access.expiresInSeconds,
      refreshToken,
      refreshTokenMaxAgeSeconds,
    };
  }
}
