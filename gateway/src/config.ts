import {
  accessTokenSettings,
  cacheSettings,
  type ConfigOf,
  defineSettings,
  dependencySettings,
  type Env,
  grpcClientSettings,
  loadSettings,
  readNodeEnv,
  runtimeSettings,
} from '@evalplan/common/config';
import { pdfRendererTimeoutSettings } from '@evalplan/pdf-service/contracts';

/** The HTTP side: where it listens, who may call from a browser, which proxies are trusted, cookies. */
const httpSettings = defineSettings((read) => {
  const corsAllowedOrigins = read.list('CORS_ALLOWED_ORIGINS');
  for (const origin of corsAllowedOrigins) {
    if (origin !== new URL(origin, 'http://invalid.invalid').origin || !/^https?:\/\//.test(origin)) {
      read.problems.push(`CORS_ALLOWED_ORIGINS entries must be origins such as https://app.example.com (got "${origin}")`);
    }
  }
  return {
    host: read.string('HOST', '0.0.0.0'),
    port: read.integer('PORT', 8080, 0, 65535),
    corsAllowedOrigins,
    trustProxy: read.boolean('TRUST_PROXY', false),
    /** With trustProxy: how many proxies append to X-Forwarded-For; entries left of them are the client's to forge. */
    trustedProxyCount: read.integer('TRUSTED_PROXY_COUNT', 1, 1, 10),
    /** Secure on the refresh cookie: on by default in production, where the gateway is reached over HTTPS (or http://localhost, which browsers treat as secure). */
    cookieSecure: read.boolean('COOKIE_SECURE', readNodeEnv(read) === 'production'),
    /** How long a browser may reuse a preflight's answer before asking again. */
    corsMaxAgeSeconds: read.integer('CORS_MAX_AGE', 600, 0, 86_400),
  };
});

/** One line per request (middleware/access-log.ts). */
const accessLogSettings = defineSettings((read) => ({
  accessLog: {
    enabled: read.boolean('ACCESS_LOG', true),
    includeProbes: read.boolean('ACCESS_LOG_PROBES', false),
  },
}));

/** Activity recording in the gateway (docs/decisions.md, decision 14). */
const activityRecorderSettings = defineSettings((read) => ({
  activity: {
    enabled: read.boolean('ACTIVITY_RECORDING', true),
    queueLimit: read.integer('ACTIVITY_QUEUE_LIMIT', 10_000, 1, 10_000_000),
    // Fewer, larger COPYs: PGlite stores a row of a 2,000-row batch for about a fifth less CPU than one of 500 (docs/benchmarks.md).
    batchSize: read.integer('ACTIVITY_BATCH_SIZE', 2000, 1, 5000),
    flushIntervalMs: read.duration('ACTIVITY_FLUSH_INTERVAL', '200ms'),
    /** The budget for sending what is queued at shutdown, after in-flight requests are done. */
    flushTimeoutMs: read.duration('ACTIVITY_FLUSH_TIMEOUT', '5s'),
  },
}));

/**
 * Limits per client on the anonymous writes and on plan e-mail (gateway/src/limits;
 * why the defaults are what they are: docs/security.md). 0 turns a limit off.
 */
const MAX_LIMIT = 1_000_000;

/**
 * Every limit per client at 0 (off): for a load that comes from one address
 * on purpose, as tests and benchmarks do (config.test.ts checks none is missing).
 */
export const CLIENT_LIMITS_OFF: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'SESSION_CREATE_RATE_LIMIT_PER_IP',
    'PDF_RATE_LIMIT_PER_IP',
    'PDF_RATE_LIMIT_PER_SESSION_OR_USER',
    'PDF_RENDERS_IN_PROGRESS_PER_SESSION_OR_USER',
    'PDF_RENDERS_IN_PROGRESS_PER_IP',
    'ACTIVITY_EVENTS_RATE_LIMIT_PER_IP',
    'ACTIVITY_EVENTS_RATE_LIMIT_PER_SESSION_OR_USER',
    'PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT',
    'PLAN_MAIL_RATE_LIMIT_PER_IP',
    'PLAN_MAIL_RATE_LIMIT_PER_SESSION_OR_USER',
  ].map((name) => [name, '0']),
);
const clientLimitSettings = defineSettings((read) => ({
  clientLimits: {
    sessionCreation: {
      perIp: read.integer('SESSION_CREATE_RATE_LIMIT_PER_IP', 300, 0, MAX_LIMIT),
      windowMs: read.duration('SESSION_CREATE_RATE_LIMIT_WINDOW', '10m'),
    },
    pdfGeneration: {
      perIp: read.integer('PDF_RATE_LIMIT_PER_IP', 300, 0, MAX_LIMIT),
      perSessionOrUser: read.integer('PDF_RATE_LIMIT_PER_SESSION_OR_USER', 60, 0, MAX_LIMIT),
      windowMs: read.duration('PDF_RATE_LIMIT_WINDOW', '10m'),
      inProgressPerSessionOrUser: read.integer('PDF_RENDERS_IN_PROGRESS_PER_SESSION_OR_USER', 4, 0, MAX_LIMIT),
      inProgressPerIp: read.integer('PDF_RENDERS_IN_PROGRESS_PER_IP', 32, 0, MAX_LIMIT),
    },
    activityEvents: {
      perIp: read.integer('ACTIVITY_EVENTS_RATE_LIMIT_PER_IP', 1200, 0, MAX_LIMIT),
      perSessionOrUser: read.integer('ACTIVITY_EVENTS_RATE_LIMIT_PER_SESSION_OR_USER', 120, 0, MAX_LIMIT),
      windowMs: read.duration('ACTIVITY_EVENTS_RATE_LIMIT_WINDOW', '1m'),
    },
    planMail: {
      perRecipient: read.integer('PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT', 5, 0, MAX_LIMIT),
      perIp: read.integer('PLAN_MAIL_RATE_LIMIT_PER_IP', 20, 0, MAX_LIMIT),
      perSessionOrUser: read.integer('PLAN_MAIL_RATE_LIMIT_PER_SESSION_OR_USER', 10, 0, MAX_LIMIT),
      windowMs: read.duration('PLAN_MAIL_RATE_LIMIT_WINDOW', '1h'),
    },
  },
}));

/** Everything the gateway reads: no database, no storage, and only the JWT secret's verifying side. */
export const gatewaySettings = [
  runtimeSettings,
  dependencySettings,
  cacheSettings,
  grpcClientSettings('auth', 'wizard', 'pdf', 'activity'),
  accessTokenSettings,
  // generate-pdf's deadline covers the renderer's timeout.
  pdfRendererTimeoutSettings,
  httpSettings,
  accessLogSettings,
  activityRecorderSettings,
  clientLimitSettings,
] as const;
export type GatewayConfig = ConfigOf<typeof gatewaySettings>;

export const loadGatewayConfig = (env?: Env): GatewayConfig => loadSettings(gatewaySettings, env);

/** Draining requests and then sending the queued activity have budgets of their own. */
export function gatewayStopBudgetMs(config: GatewayConfig): number {
  return config.shutdownTimeoutMs + config.activity.flushTimeoutMs;
}
