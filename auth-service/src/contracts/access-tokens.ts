import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '@evalplan/common/errors';
import { isUuid } from '@evalplan/common/input';

/** What a verified access token says about its bearer. */
export interface AccessTokenClaims {
  userId: string;
  jti: string;
  /** The refresh family (sign-in) it was issued from, claim `fid`; '' for a token issued before tokens carried it. */
  familyId: string;
  /** Issue time as Unix seconds. */
  issuedAt: number;
  /** Expiry as Unix seconds. */
  expiresAt: number;
}

export interface IssuedAccessToken {
  token: string;
  jti: string;
  expiresInSeconds: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'evalplan';
const AUDIENCE = 'evalplan-api';
/** Far above any token we issue; longer input is refused before any parsing. */
const MAX_TOKEN_LENGTH = 2048;
/**
 * How far ahead of this machine's clock a token's iat may lie: enough for
 * clocks a little apart, not for a token minted for later (a leaked key, a
 * skewed issuer) that would outlive its stated lifetime.
 */
const MAX_ISSUED_AHEAD_MS = 60_000;

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const SIGN_IN_UNCHECKABLE = 'We cannot check your sign-in right now. Please try again shortly.';
const TOKEN_INVALID = 'Your sign-in is not valid. Please sign in again.';
const TOKEN_EXPIRED = 'Your sign-in has expired. Please sign in again.';

function issuedByNow(issuedAt: number, nowMs: number): boolean {
  return issuedAt * 1000 <= nowMs + MAX_ISSUED_AHEAD_MS;
}

/**
 * Whether claims that verified earlier still hold at `nowMs`, for a cache of
 * verified tokens: not expired, and not issued ahead of the clock (which can
 * step back after they verified).
 */
export function claimsStillHold(claims: AccessTokenClaims, nowMs: number): boolean {
  return claims.expiresAt * 1000 > nowMs && issuedByNow(claims.issuedAt, nowMs);
}

/**
 * HS256 access tokens (sub, jti, iat, exp, plus a fixed issuer and audience).
 * auth-service issues them; the gateway verifies them itself, without a call.
 * Only HS256 is accepted: "none", other HMAC sizes and asymmetric algorithms
 * are refused whatever the header says.
 */
export class AccessTokens {
  private readonly key: KeyObject;
  private readonly ttlSeconds: number;

  constructor(secret: string, ttlMs: number) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
    this.ttlSeconds = Math.max(1, Math.round(ttlMs / 1000));
  }

  async issue(userId: string, familyId: string): Promise<IssuedAccessToken> {
    const jti = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ fid: familyId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setJti(jti)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
    return { token, jti, expiresInSeconds: this.ttlSeconds };
  }

  /** The token's claims, or UNAUTHORIZED with a message people understand. */
  async verify(token: string): Promise<AccessTokenClaims> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) throw new AppError('UNAUTHORIZED', TOKEN_INVALID);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      }));
    } catch (error) {
      throw new AppError('UNAUTHORIZED', error instanceof joseErrors.JWTExpired ? TOKEN_EXPIRED : TOKEN_INVALID);
    }
    const { sub, jti, iat, exp, fid } = payload;
    if (typeof sub !== 'string' || !isUuid(sub) || typeof jti !== 'string' || jti.length === 0 || jti.length > 64) {
      throw new AppError('UNAUTHORIZED', TOKEN_INVALID);
    }
    if (fid !== undefined && (typeof fid !== 'string' || !isUuid(fid))) throw new AppError('UNAUTHORIZED', TOKEN_INVALID);
    // jose made sure iat and exp are numbers, and exp lies ahead.
    const claims = {
      userId: sub.toLowerCase(),
      jti,
      familyId: fid?.toLowerCase() ?? '',
      issuedAt: iat as number,
      expiresAt: exp as number,
    };
    if (!issuedByNow(claims.issuedAt, Date.now())) throw new AppError('UNAUTHORIZED', TOKEN_INVALID);
    return claims;
  }

  /** The claims of a token that verifies, undefined otherwise (for logout, which never fails). */
  async tryVerify(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      return await this.verify(token);
    } catch {
      return undefined;
    }
  }
}
