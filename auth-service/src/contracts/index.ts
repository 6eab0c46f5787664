/**
 * What auth-service and the gateway must agree on beyond its gRPC messages:
 * the access-token format (auth-service issues, the gateway verifies without
 * a call) and the Redis key of a revoked token (auth-service writes, the
 * gateway reads). This entry (`@evalplan/auth-service/contracts`) is the only
 * part of auth-service another component may import.
 */
export * from './access-tokens';
export * from './revoked-tokens';
export * from './requests';
