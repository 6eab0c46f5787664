import { availableParallelism } from 'node:os';
import path from 'node:path';
import { LOG_LEVELS, type LogLevel } from './logger';

/**
 * Every environment variable evalplan reads, parsed and validated in one
 * place. loadConfig() collects all problems and reports them together, so a
 * misconfigured deployment fails once with the full list instead of one
 * variable at a time.
 */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: LogLevel;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;

  grpcDeadlineMs: number;
  grpcChannels: number;
  /** The largest gRPC message a server or client of ours accepts (RESOURCE_EXHAUSTED beyond). */
  grpcMaxMessageBytes: number;
  /** How long a client's connection may take to come up; how often it is pinged, and how long a ping may go unanswered. */
  grpcConnectTimeoutMs: number;
  grpcKeepaliveMs: number;
  grpcKeepaliveTimeoutMs: number;
  shutdownTimeoutMs: number;

  /** How long start-up waits for PostgreSQL and Redis before the process gives up (services mode). */
  dependencyWaitTimeoutMs: number;
  /** Cap of the exponential backoff between those start-up attempts. */
  dependencyRetryMaxDelayMs: number;
  /** How often a running process checks that its database and cache answer (readiness). */
  dependencyCheckIntervalMs: number;
  /** Longest time between two log lines about one ongoing outage or run of dropped events. */
  incidentSummaryIntervalMs: number;

  host: string;
  port: number;
  publicBaseUrl: string;
  corsAllowedOrigins: string[];
  trustProxy: boolean;
  /** With trustProxy: how many proxies append to X-Forwarded-For; entries left of them are the client's to forge. */
  trustedProxyCount: number;

  jwtSecret: string;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  refreshReuseGraceMs: number;
  bcryptCost: number;
  cookieSecure: boolean;
  /** Login and register attempts per client IP, and per e-mail address, in each window (0 turns a limit off). */
  authRateLimitPerIp: number;
  authRateLimitPerEmail: number;
  authRateLimitWindowMs: number;

  sessionTtlMs: number;
  /** How often expired sessions are deleted. */
  sessionPurgeIntervalMs: number;

  s3: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string } | undefined;
  pdfHtmlRendererUrl: string | undefined;
  pdfHtmlRendererTimeoutMs: number;
  /** Activity recording in the gateway (DESIGN.md decision 14). */
  activity: {
    enabled: boolean;
    queueLimit: number;
    batchSize: number;
    flushIntervalMs: number;
    /** The gateway's budget for sending what is queued at shutdown, after in-flight requests are done. */
    flushTimeoutMs: number;
    /** activity-service: where batches wait on disk while PostgreSQL is unreachable, and how much may wait. */
    spoolDir: string;
    spoolMaxBytes: number;
  };
  /** Worker threads of the built-in PDF layout (default: one per CPU). */
  pdfRenderThreads: number;
  smtpUrl: string | undefined;
  mailFrom: string;

  otlpEndpoint: string | undefined;

  services: Record<ServiceName, { listen: string; target: string }>;
}

export const SERVICE_NAMES = ['auth', 'wizard', 'pdf', 'activity'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const DEFAULT_SERVICE_PORTS: Record<ServiceName, number> = {
  auth: 50051,
  wizard: 50052,
  pdf: 50053,
  activity: 50054,
};

/** Used only outside production; production refuses to start with it. */
export const DEVELOPMENT_JWT_SECRET = 'evalplan-development-secret-do-not-use-in-production';
const MIN_JWT_SECRET_LENGTH = 32;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

const DURATION_UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** "15m", "48h", "30d", "250ms" or a plain number of milliseconds. */
export function parseDuration(value: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(value);
  if (!match) return undefined;
  const amount = Number(match[1]) * DURATION_UNITS[match[2] ?? 'ms']!;
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount) : undefined;
}

const BYTE_UNITS: Record<string, number> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/** "256MiB", "64KiB", "1GiB", "512MB", "4096" (bytes); undefined when unreadable. */
export function parseBytes(value: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = BYTE_UNITS[(match?.[2] || 'b').toLowerCase()];
  if (!match || unit === undefined) return undefined;
  const amount = Math.floor(Number(match[1]) * unit);
  return Number.isSafeInteger(amount) ? amount : undefined;
}

/** host:port with a name, an IPv4 address or a bracketed IPv6 address, and a port up to 65535. */
function isHostPort(value: string): boolean {
  const match = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value);
  return match !== null && Number(match[2]) <= 65535;
}

/** Reads variables and remembers every problem instead of stopping at the first. */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  optionalString(name: string): string | undefined {
    return this.raw(name);
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value) || parsed < min || parsed > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return parsed;
  }

  duration(name: string, fallback: string): number {
    const value = this.raw(name) ?? fallback;
    const parsed = parseDuration(value);
    if (parsed === undefined) {
      this.problems.push(`${name} must be a duration such as 500ms, 30s, 15m, 48h or 30d (got "${value}")`);
      return parseDuration(fallback)!;
    }
    return parsed;
  }

  /** A size in bytes: "256MiB", "64KiB", "1GiB", "512MB" or a bare number of bytes. */
  bytes(name: string, fallback: string, min: number): number {
    const value = this.raw(name) ?? fallback;
    const parsed = parseBytes(value);
    if (parsed === undefined || parsed < min) {
      this.problems.push(`${name} must be a size of at least ${min} bytes such as 64MiB, 256MiB or 1GiB (got "${value}")`);
      return parseBytes(fallback)!;
    }
    return parsed;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (/^(true|1|yes)$/i.test(value)) return true;
    if (/^(false|0|no)$/i.test(value)) return false;
    this.problems.push(`${name} must be true or false (got "${value}")`);
    return fallback;
  }

  url(name: string, protocols: string[], fallback?: string): string | undefined {
    const value = this.raw(name) ?? fallback;
    if (value === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      this.problems.push(`${name} must be a URL (got "${redactUrl(value)}")`);
      return undefined;
    }
    if (!protocols.includes(parsed.protocol)) {
      this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      return undefined;
    }
    return value;
  }

  /**
   * host:port, as grpc-js takes it (port 0 asks the OS for a free port), or
   * unix:/absolute/path for processes on one machine.
   */
  address(name: string, fallback: string): string {
    const value = this.raw(name) ?? fallback;
    if (value.startsWith('unix:')) {
      if (/^unix:\/[^\0]{1,100}$/.test(value)) return value;
      this.problems.push(`${name} must be unix: followed by an absolute path of at most 100 characters (got "${value}")`);
      return fallback;
    }
    if (!isHostPort(value)) {
      this.problems.push(`${name} must be host:port (got "${value}")`);
      return fallback;
    }
    return value;
  }

  /**
   * Where a service is called: unix:/path, or one or more host:port
   * separated by commas (replicas; a name may resolve to several addresses).
   */
  target(name: string, fallback: string): string {
    const value = this.raw(name) ?? fallback;
    if (value.startsWith('unix:')) return this.address(name, fallback);
    const parts = value.split(',').map((part) => part.trim());
    if (!parts.every(isHostPort)) {
      this.problems.push(`${name} must be host:port, several separated by commas, or unix:/path (got "${value}")`);
      return fallback;
    }
    return parts.join(',');
  }

  list(name: string): string[] {
    const value = this.raw(name);
    if (value === undefined) return [];
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }
}

/** Hides credentials in a URL before it is shown in a message or a log. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return value.replace(/\/\/[^@/]*@/, '//***@');
  }
}

export function loadConfig(env: Env = process.env): Config {
  const read = new EnvReader(env);
  const nodeEnv = read.oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development');

  const services = Object.fromEntries(
    SERVICE_NAMES.map((name) => {
      const prefix = `${name.toUpperCase()}_SERVICE`;
      const fallback = `127.0.0.1:${DEFAULT_SERVICE_PORTS[name]}`;
      return [name, { listen: read.address(`${prefix}_ADDR`, fallback), target: read.target(`${prefix}_TARGET`, fallback) }];
    }),
  ) as Config['services'];

  const jwtSecret = read.optionalString('JWT_SECRET');
  if (nodeEnv === 'production') {
    if (jwtSecret === undefined) read.problems.push('JWT_SECRET is required when NODE_ENV=production');
    else if (jwtSecret === DEVELOPMENT_JWT_SECRET)
      read.problems.push('JWT_SECRET must not be the development default when NODE_ENV=production');
  }
  if (jwtSecret !== undefined && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    read.problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long`);
  }

  const s3Endpoint = read.url('S3_ENDPOINT', ['http:', 'https:']);
  const s3Bucket = read.optionalString('S3_BUCKET');
  const s3AccessKey = read.optionalString('S3_ACCESS_KEY');
  const s3SecretKey = read.optionalString('S3_SECRET_KEY');
  const s3Region = read.string('S3_REGION', 'us-east-1');
  const s3Given = [s3Endpoint, s3Bucket, s3AccessKey, s3SecretKey].filter((v) => v !== undefined).length;
  if (s3Given > 0 && s3Given < 4) {
    read.problems.push('S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY must be set together (or none, for local storage)');
  }
  if (s3Bucket !== undefined && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(s3Bucket)) {
    read.problems.push(`S3_BUCKET must be a valid bucket name (got "${s3Bucket}")`);
  }

  const dataDir = path.resolve(read.string('DATA_DIR', './data'));
  const publicBaseUrl = read.url('PUBLIC_BASE_URL', ['http:', 'https:'], 'http://localhost:8080') ?? 'http://localhost:8080';

  const config: Config = {
    nodeEnv,
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    dataDir,
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 10, 1, 100),
    redisUrl: read.url('REDIS_URL', ['redis:', 'rediss:']),

    grpcDeadlineMs: read.duration('GRPC_DEADLINE', '5s'),
    grpcChannels: read.integer('GRPC_CHANNELS', 1, 1, 16),
    // Never below 4 MiB: an activity batch may carry 3 MiB of rows.
    grpcMaxMessageBytes: read.bytes('GRPC_MAX_MESSAGE_SIZE', '4MiB', 4 * 1024 * 1024),
    grpcConnectTimeoutMs: read.duration('GRPC_CONNECT_TIMEOUT', '2s'),
    grpcKeepaliveMs: read.duration('GRPC_KEEPALIVE_TIME', '30s'),
    grpcKeepaliveTimeoutMs: read.duration('GRPC_KEEPALIVE_TIMEOUT', '10s'),
    shutdownTimeoutMs: read.duration('SHUTDOWN_TIMEOUT', '10s'),

    dependencyWaitTimeoutMs: read.duration('DEPENDENCY_WAIT_TIMEOUT', '60s'),
    dependencyRetryMaxDelayMs: read.duration('DEPENDENCY_RETRY_MAX_DELAY', '5s'),
    dependencyCheckIntervalMs: read.duration('DEPENDENCY_CHECK_INTERVAL', '2s'),
    incidentSummaryIntervalMs: read.duration('LOG_SUMMARY_INTERVAL', '30s'),

    host: read.string('HOST', '0.0.0.0'),
    port: read.integer('PORT', 8080, 0, 65535),
    publicBaseUrl: publicBaseUrl.replace(/\/+$/, ''),
    corsAllowedOrigins: read.list('CORS_ALLOWED_ORIGINS'),
    trustProxy: read.boolean('TRUST_PROXY', false),
    trustedProxyCount: read.integer('TRUSTED_PROXY_COUNT', 1, 1, 10),

    jwtSecret: jwtSecret ?? DEVELOPMENT_JWT_SECRET,
    accessTokenTtlMs: read.duration('ACCESS_TOKEN_TTL', '15m'),
    refreshTokenTtlMs: read.duration('REFRESH_TOKEN_TTL', '30d'),
    refreshReuseGraceMs: read.duration('REFRESH_REUSE_GRACE', '10s'),
    bcryptCost: read.integer('BCRYPT_COST', 12, 4, 15),
    cookieSecure: read.boolean('COOKIE_SECURE', false),
    authRateLimitPerIp: read.integer('AUTH_RATE_LIMIT_PER_IP', 10, 0, 1_000_000),
    authRateLimitPerEmail: read.integer('AUTH_RATE_LIMIT_PER_EMAIL', 10, 0, 1_000_000),
    authRateLimitWindowMs: read.duration('AUTH_RATE_LIMIT_WINDOW', '1m'),

    sessionTtlMs: read.duration('SESSION_TTL', '48h'),
    sessionPurgeIntervalMs: read.duration('SESSION_PURGE_INTERVAL', '10m'),

    s3:
      s3Given === 4
        ? { endpoint: s3Endpoint!, bucket: s3Bucket!, accessKey: s3AccessKey!, secretKey: s3SecretKey!, region: s3Region }
        : undefined,
    pdfHtmlRendererUrl: read.url('PDF_HTML_RENDERER_URL', ['http:', 'https:']),
    pdfHtmlRendererTimeoutMs: read.duration('PDF_HTML_RENDERER_TIMEOUT', '30s'),
    activity: {
      enabled: read.boolean('ACTIVITY_RECORDING', true),
      queueLimit: read.integer('ACTIVITY_QUEUE_LIMIT', 10_000, 1, 10_000_000),
      // Fewer, larger COPYs: PGlite stores a row of a 2,000-row batch for about a fifth less CPU than one of 500 (docs/benchmarks.md).
      batchSize: read.integer('ACTIVITY_BATCH_SIZE', 2000, 1, 5000),
      flushIntervalMs: read.duration('ACTIVITY_FLUSH_INTERVAL', '200ms'),
      flushTimeoutMs: read.duration('ACTIVITY_FLUSH_TIMEOUT', '5s'),
      spoolDir: path.resolve(read.string('ACTIVITY_SPOOL_DIR', path.join(dataDir, 'activity-spool'))),
      spoolMaxBytes: read.bytes('ACTIVITY_SPOOL_MAX_BYTES', '256MiB', 1024 * 1024),
    },
    pdfRenderThreads: read.integer('PDF_RENDER_THREADS', availableParallelism(), 1, 64),
    smtpUrl: read.url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read.string('MAIL_FROM', 'evalplan <no-reply@evalplan.local>'),

    otlpEndpoint: read.url('OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']),

    services,
  };

  for (const origin of config.corsAllowedOrigins) {
    if (origin !== new URL(origin, 'http://invalid.invalid').origin || !/^https?:\/\//.test(origin)) {
      read.problems.push(`CORS_ALLOWED_ORIGINS entries must be origins such as https://app.example.com (got "${origin}")`);
    }
  }

  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}
