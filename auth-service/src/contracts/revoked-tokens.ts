/**
 * The Redis keys that refuse access tokens before they expire. auth-service
 * writes them; the gateway's auth guard reads exactly one of them on every
 * authenticated request. A key cannot be a protobuf message, so its one
 * definition lives here, with the writer.
 */

import type { AccessTokenClaims } from './access-tokens';

/**
 * A revoked sign-in (refresh family). Written by FamilyRevocation (logout,
 * logout everywhere, ending a session, theft detection, password change and
 * reset, account deletion) and kept until the last access token of the
 * family could have expired. Its value is the revocation time (see
 * revokedFamilyValue): it is written before the revocation commits, so if the
 * transaction rolls back, tokens from later refreshes of the still-live
 * family must pass.
 */
export function revokedFamilyKey(familyId: string): string {
  return `auth:revoked-family:${familyId}`;
}

/**
 * How far apart the clocks of two auth-service replicas may be: one may
 * revoke a family whose last token another issued a moment "later" by its
 * own clock. Tokens a refresh issues this soon after a revocation that
 * rolled back are refused too (the client refreshes again).
 */
export const REPLICA_CLOCK_ALLOWANCE_SECONDS = 5;

/** A revoked family's value: the revocation time in whole Unix seconds, on the clock that sets tokens' `iat`. */
export function revokedFamilyValue(nowMs: number): string {
  return String(Math.floor(nowMs / 1000));
}

/**
 * Whether the entry read for a token (its family's key, or for a token
 * without `fid` its blacklistKey) refuses it. A family's entry refuses the
 * tokens issued up to its time (plus the replica clock allowance); a
 * blacklist entry refuses its token whatever it holds. A family value that
 * is not a time refuses too: ending a sign-in early is the safe mistake.
 */
export function entryRefuses(entry: string | null, claims: Pick<AccessTokenClaims, 'familyId' | 'issuedAt'>): boolean {
  if (entry === null) return false;
  if (!claims.familyId || !/^\d{1,15}$/.test(entry)) return true;
  return claims.issuedAt <= Number(entry) + REPLICA_CLOCK_ALLOWANCE_SECONDS;
}

/**
 * A logged-out access token issued before tokens carried their family (no
 * `fid`), until it would have expired anyway. Such tokens are gone one
 * access-token lifetime after the upgrade.
 */
export function blacklistKey(jti: string): string {
  return `auth:blacklist:${jti}`;
}
