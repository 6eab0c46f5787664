import {
  accessTokenSettings,
  cacheSettings,
  type ConfigOf,
  databaseSettings,
  defineSettings,
  type Env,
  loadSettings,
  serviceSettings,
} from '@evalplan/common/config';

/** Refresh tokens, password hashing and the login and register rate limits. */
const accountSettings = defineSettings((read) => ({
  refreshTokenTtlMs: read.duration('REFRESH_TOKEN_TTL', '30d'),
  refreshReuseGraceMs: read.duration('REFRESH_REUSE_GRACE', '10s'),
  bcryptCost: read.integer('BCRYPT_COST', 12, 4, 15),
  /** Login and register attempts per client IP, and per e-mail address, in each window (0 turns a limit off). */
  authRateLimitPerIp: read.integer('AUTH_RATE_LIMIT_PER_IP', 10, 0, 1_000_000),
  authRateLimitPerEmail: read.integer('AUTH_RATE_LIMIT_PER_EMAIL', 10, 0, 1_000_000),
  authRateLimitWindowMs: read.duration('AUTH_RATE_LIMIT_WINDOW', '1m'),
}));

/** Everything auth-service reads. */
export const authSettings = [serviceSettings('auth'), databaseSettings, cacheSettings, accessTokenSettings, accountSettings] as const;
export type AuthConfig = ConfigOf<typeof authSettings>;

export const loadAuthConfig = (env?: Env): AuthConfig => loadSettings(authSettings, env);
