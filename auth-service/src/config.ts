import {
  accessTokenSettings,
  cacheSettings,
  type ConfigOf,
  databaseSettings,
  defineSettings,
  type Env,
  grpcClientSettings,
  loadSettings,
  readNodeEnv,
  serviceSettings,
} from '@evalplan/common/config';
import { mailSettings } from '@evalplan/common/mail';

/** How long sign-ins last, password hashing, and the limits on login, register and password checks. */
const accountSettings = defineSettings((read) => {
  // The name before REFRESH_ABSOLUTE_TTL existed: still its value when that is not set.
  const refreshTokenTtlMs = read.duration('REFRESH_TOKEN_TTL', '30d');
  return {
    /** A sign-in ends this long after it began, however often it is refreshed. */
    refreshAbsoluteTtlMs:
      read.optionalString('REFRESH_ABSOLUTE_TTL') === undefined ? refreshTokenTtlMs : read.duration('REFRESH_ABSOLUTE_TTL', '30d'),
    /** ...and this long after its last use (sign-in or refresh). */
    refreshIdleTtlMs: read.duration('REFRESH_IDLE_TTL', '7d'),
    refreshReuseGraceMs: read.duration('REFRESH_REUSE_GRACE', '10s'),
    bcryptCost: read.integer('BCRYPT_COST', 12, 4, 15),
    /**
     * Attempts per client IP (login and register counted apart) and per e-mail address in each window,
     * and failed logins per client IP and per address in each hour (0 turns a limit off). Login keeps
     * only failures counted; a device token of the account replaces its address's limits by its own.
     */
    authRateLimitPerIp: read.integer('AUTH_RATE_LIMIT_PER_IP', 60, 0, 1_000_000),
    authRateLimitPerEmail: read.integer('AUTH_RATE_LIMIT_PER_EMAIL', 10, 0, 1_000_000),
    authRateLimitWindowMs: read.duration('AUTH_RATE_LIMIT_WINDOW', '1m'),
    authRateLimitPerIpHourly: read.integer('AUTH_RATE_LIMIT_PER_IP_HOURLY', 300, 0, 1_000_000),
    authRateLimitPerEmailHourly: read.integer('AUTH_RATE_LIMIT_PER_EMAIL_HOURLY', 50, 0, 1_000_000),
    /** How long a device token (the device_token cookie) names a device the account signed in from. */
    deviceTokenTtlMs: read.duration('DEVICE_TOKEN_TTL', '180d'),
  };
});

/** Used only outside production; production refuses to start with it. */
export const DEVELOPMENT_PASSWORD_HASH_KEY = 'evalplan-development-password-hash-key-do-not-use-in-production';
const MIN_PASSWORD_HASH_KEY_LENGTH = 32;

/**
 * PASSWORD_HASH_KEY, the HMAC key passwords are hashed with before bcrypt
 * (passwords.ts). Like JWT_SECRET it is required, and not the development
 * default, when NODE_ENV=production; unlike it, it must never change once
 * passwords exist (they would all stop matching), so it must not be
 * JWT_SECRET either: that one may be rotated.
 */
const passwordHashSettings = defineSettings((read) => {
  const key = read.optionalString('PASSWORD_HASH_KEY');
  if (readNodeEnv(read) === 'production') {
    if (key === undefined) read.problems.push('PASSWORD_HASH_KEY is required when NODE_ENV=production');
    else if (key === DEVELOPMENT_PASSWORD_HASH_KEY)
      read.problems.push('PASSWORD_HASH_KEY must not be the development default when NODE_ENV=production');
  }
  if (key !== undefined && key.length < MIN_PASSWORD_HASH_KEY_LENGTH) {
    read.problems.push(`PASSWORD_HASH_KEY must be at least ${MIN_PASSWORD_HASH_KEY_LENGTH} characters long`);
  }
  if (key !== undefined && key === read.optionalString('JWT_SECRET')) {
    read.problems.push('PASSWORD_HASH_KEY must differ from JWT_SECRET (that one may be rotated; this one never)');
  }
  return { passwordHashKey: key ?? DEVELOPMENT_PASSWORD_HASH_KEY };
});

/** The web client's reset page in development; a deployment that sends e-mail must set its own. */
const DEFAULT_PASSWORD_RESET_URL = 'http://localhost:5173/reset-password';

/** Password reset by e-mail: where its link points, how long it works, and how often it may be asked for. */
const passwordResetSettings = defineSettings((read) => ({
  /** The web client's page that takes the token (the link is this URL with ?token=…). */
  passwordResetUrl: read.url('PASSWORD_RESET_URL', ['http:', 'https:'], DEFAULT_PASSWORD_RESET_URL) ?? DEFAULT_PASSWORD_RESET_URL,
  passwordResetTtlMs: read.duration('PASSWORD_RESET_TTL', '30m'),
  /** Reset requests per client IP (confirmations too) and per e-mail address in each window (0 turns a limit off). */
  passwordResetRateLimitPerIp: read.integer('PASSWORD_RESET_RATE_LIMIT_PER_IP', 20, 0, 1_000_000),
  passwordResetRateLimitPerEmail: read.integer('PASSWORD_RESET_RATE_LIMIT_PER_EMAIL', 5, 0, 1_000_000),
  passwordResetRateLimitWindowMs: read.duration('PASSWORD_RESET_RATE_LIMIT_WINDOW', '15m'),
}));

/** Everything auth-service reads. */
export const authSettings = [
  serviceSettings('auth'),
  databaseSettings,
  cacheSettings,
  accessTokenSettings,
  accountSettings,
  passwordHashSettings,
  // Account deletion has wizard-service and activity-service delete their part.
  grpcClientSettings('wizard', 'activity'),
  mailSettings,
  passwordResetSettings,
] as const;
export type AuthConfig = ConfigOf<typeof authSettings>;

export const loadAuthConfig = (env?: Env): AuthConfig => loadSettings(authSettings, env);

/** Whether reset e-mails go out with links to the development default (PASSWORD_RESET_URL was not set). */
export function resetLinksPointToLocalhost(config: Pick<AuthConfig, 'smtpUrl' | 'passwordResetUrl'>): boolean {
  return Boolean(config.smtpUrl) && config.passwordResetUrl === DEFAULT_PASSWORD_RESET_URL;
}
