/**
 * The Redis key that marks a logged-out access token until it would have
 * expired anyway. auth-service writes it (logout); the gateway's auth guard
 * reads it on every authenticated request. A key cannot be a protobuf
 * message, so its one definition lives here, with the writer.
 */
export function blacklistKey(jti: string): string {
  return `auth:blacklist:${jti}`;
}
