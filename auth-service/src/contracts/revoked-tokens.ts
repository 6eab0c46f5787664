/**
 * The Redis keys that refuse access tokens before they expire. auth-service
 * writes them; the gateway's auth guard reads exactly one of them on every
 * authenticated request. A key cannot be a protobuf message, so its one
 * definition lives here, with the writer.
 */

/**
 * A revoked sign-in (refresh family): every access token whose `fid` names it
 * is refused. Written by FamilyRevocation (logout, logout everywhere, ending a
 * session, theft detection, password change and reset, account deletion) and
 * kept until the last access token of the family could have expired.
 */
export function revokedFamilyKey(familyId: string): string {
  return `auth:revoked-family:${familyId}`;
}

/**
 * A logged-out access token issued before tokens carried their family (no
 * `fid`), until it would have expired anyway. Such tokens are gone one
 * access-token lifetime after the upgrade.
 */
export function blacklistKey(jti: string): string {
  return `auth:blacklist:${jti}`;
}
