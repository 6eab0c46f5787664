/** What the database knows about a presented refresh token, read under a row lock. */
export interface PresentedRefreshToken {
  expired: boolean;
  revoked: boolean;
  /** Milliseconds since it was exchanged for its successor; null if it never was. */
  rotatedMsAgo: number | null;
  /** Whether its successor is still kept (sealed) from that exchange. */
  hasSealedSuccessor: boolean;
}

/**
 * - rotate: the token is live; exchange it for a new pair.
 * - reissue-successor: a rotated token came back within the grace (two tabs,
 *   a double request): answer with the successor it was already exchanged
 *   for, so the family never holds a second live token.
 * - reject: refuse this request and change nothing (expired, revoked, or a
 *   rotated token whose successor is no longer kept).
 * - revoke-family: a rotated token came back after the grace, so someone
 *   else holds a copy; end every token of its family, the newest included.
 */
export type RefreshDecision = 'rotate' | 'reissue-successor' | 'reject' | 'revoke-family';

export function decideRefresh(token: PresentedRefreshToken, reuseGraceMs: number): RefreshDecision {
  if (token.revoked || token.expired) return 'reject';
  if (token.rotatedMsAgo === null) return 'rotate';
  if (token.rotatedMsAgo > reuseGraceMs) return 'revoke-family';
  return token.hasSealedSuccessor ? 'reissue-successor' : 'reject';
}
