import { type Cache } from '@evalplan/common/cache';
import { type DependencyMonitor } from '@evalplan/common/dependencies';
import { AppError } from '@evalplan/common/errors';
import { requestFields } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
// auth-service owns the token format and the revoked-token key; this guard only reads them.
import {
  type AccessTokenClaims,
  type AccessTokens,
  blacklistKey,
  claimsStillHold,
  entryRefuses,
  revokedFamilyKey,
  SIGN_IN_REQUIRED,
  SIGN_IN_UNCHECKABLE,
} from '@evalplan/auth-service/contracts';
import type { Context, Middleware } from 'koa';
import { requestContextOf } from '../middleware/request-id';
import type { ExistingUsers } from './existing-users';

/** The bearer of a verified, not logged-out access token, whose account still exists. */
export interface AuthenticatedUser {
  id: string;
  jti: string;
  /** The sign-in (refresh family) the token was issued from; '' for a token issued before tokens carried it. */
  familyId: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** ctx.state of a request that passed a guard. */
export interface AuthState {
  user?: AuthenticatedUser;
}

const BEARER = /^Bearer +([^\s]+) *$/i;

/** The raw bearer token, '' when the header is absent, undefined when it is there but malformed. */
export function bearerTokenOf(ctx: Context): string | undefined {
  const header = ctx.get('Authorization');
  if (header === '') return '';
  return BEARER.exec(header)?.[1];
}

const SIGN_IN_ENDED = 'This sign-in has ended. Please sign in again.';

/**
 * Verifies access tokens in the gateway itself (signature, algorithm,
 * expiry, claims), asks the shared cache whether the token's sign-in was
 * ended after it was issued (one GET: its family's key, or for a token
 * without a family its own), and makes sure its user still exists (see
 * ExistingUsers). When the cache cannot answer, the request is refused
 * with 503 rather than let a possibly logged-out token through.
 */
export class AuthGuard {
  /**
   * Tokens that already verified, by their exact text: a client sends the
   * same token for up to its whole lifetime, and signature checking is a
   * fifth of /auth/me's cost. Only the times are re-checked on a hit; the
   * blacklist is always asked. Bounded, oldest first out.
   */
  private readonly verified = new Map<string, AccessTokenClaims>();

  constructor(
    private readonly tokens: AccessTokens,
    private readonly users: ExistingUsers,
    private readonly cache: Cache,
    private readonly dependencies: DependencyMonitor,
    private readonly logger: Logger,
    private readonly maxVerified = 10_000,
  ) {}

  /** Bearer token required: 401 UNAUTHORIZED without a valid one. */
  readonly required: Middleware = async (ctx, next) => {
    const token = bearerTokenOf(ctx);
    if (token === '') throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED);
    (ctx.state as AuthState).user = await this.authenticate(token, true, ctx);
    return next();
  };

  /** Bearer token optional: absent means anonymous; present but invalid is still 401. */
  readonly optional: Middleware = async (ctx, next) => {
    const token = bearerTokenOf(ctx);
    if (token !== '') (ctx.state as AuthState).user = await this.authenticate(token, true, ctx);
    return next();
  };

  /**
   * Who sent the request, for the activity record: the guard's user, or the
   * subject of a bearer token that verifies and was not logged out (whether
   * the account still exists is not asked: a label is no reason for a call).
   * Never throws.
   */
  async identify(ctx: Context): Promise<string | undefined> {
    const user = (ctx.state as AuthState).user;
    if (user) return user.id;
    const token = bearerTokenOf(ctx);
    if (!token) return undefined;
    try {
      return (await this.authenticate(token, false, ctx)).id;
    } catch {
      return undefined;
    }
  }

  /** The subject of a bearer token that verifies, logged out or not (logout names who logged out). Never throws. */
  async subjectOf(ctx: Context): Promise<string | undefined> {
    const token = bearerTokenOf(ctx);
    if (!token) return undefined;
    try {
      return (await this.verify(token)).userId;
    } catch {
      return undefined;
    }
  }

  /** `ctx` names the request in a log line or a call, made only when one is due (nothing built per request). */
  private async authenticate(token: string | undefined, userMustExist: boolean, ctx: Context): Promise<AuthenticatedUser> {
    if (token === undefined) throw new AppError('UNAUTHORIZED', 'The Authorization header must be "Bearer <token>".');
    const claims = await this.verify(token);
    let entry: string | null;
    try {
      entry = await this.cache.get(claims.familyId ? revokedFamilyKey(claims.familyId) : blacklistKey(claims.jti));
    } catch (error) {
      // The monitor logs the outage once (and checks Redis now); each refused request is only counted.
      this.dependencies.reportFailure();
      this.logger.debug({ err: error, ...requestFields(requestContextOf(ctx)) }, 'token blacklist unavailable');
      throw new AppError('SERVICE_UNAVAILABLE', SIGN_IN_UNCHECKABLE);
    }
    // A family's entry holds when it was revoked: tokens issued after it (a revocation that rolled back) pass.
    if (entryRefuses(entry, claims))
      throw new AppError('UNAUTHORIZED', claims.familyId ? SIGN_IN_ENDED : 'You have signed out. Please sign in again.');
    if (userMustExist) {
      // Awaited only when a call is due: a user confirmed moments ago costs no promise.
      const confirming = this.users.confirm(claims.userId, ctx.state.requestId as string | undefined);
      if (confirming !== undefined) await confirming;
    }
    return { id: claims.userId, jti: claims.jti, familyId: claims.familyId, expiresAt: claims.expiresAt };
  }

  private async verify(token: string): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known && claimsStillHold(known, Date.now())) return known;
    // No longer valid, or never seen: full verification (which also words the message).
    if (known) this.verified.delete(token);
    const claims = await this.tokens.verify(token);
    this.verified.set(token, claims);
    if (this.verified.size > this.maxVerified) this.verified.delete(this.verified.keys().next().value!);
    return claims;
  }
}

/** The user a guard put on the request; only call behind `required`. */
export function userOf(ctx: Context): AuthenticatedUser {
  const user = (ctx.state as AuthState).user;
  if (!user) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED);
  return user;
}
