/** What the database knows about a presented refresh token, read under a row lock. */
export interface PresentedRefreshToken {
  expired: boolean;
  revoked: boolean;
  /** Milliseconds since it was exchanged for its successor; null if it never was. */
  rotatedMsAgo: number | null;
}

/**
 * - rotate: the token is live; exchange it for a new pair.
 * - reject: refuse this request and change nothing (expired, revoked, or a
 *   rotated token reused within the grace: two tabs or a double request).
 * - revoke-family: a rotated token came back after the grace, so someone
 *   else holds a copy; end every token of its family, the newest included.
 */
export type RefreshDecision = 'rotate' | 'reject' | 'revoke-family';

export function decideRefresh(token: PresentedRefreshToken, reuseGraceMs: number): RefreshDecision {
  if (token.revoked || token.expired) return 'reject';
  if (token.rotatedMsAgo === null) return 'rotate';
  return token.rotatedMsAgo > reuseGraceMs ? 'revoke-family' : 'reject';
}
