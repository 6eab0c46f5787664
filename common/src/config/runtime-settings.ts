import path from 'node:path';
import { LOG_LEVELS } from '../logging/logger';
import type { EnvReader } from './env-reader';
import { type ConfigOf, defineSettings } from './settings';

const NODE_ENVS = ['development', 'production', 'test'] as const;

/** NODE_ENV, for groups whose checks or defaults depend on it (read once per load all the same: the reader's problems are deduplicated). */
export function readNodeEnv(read: EnvReader): (typeof NODE_ENVS)[number] {
  return read.oneOf('NODE_ENV', NODE_ENVS, 'development');
}

/** DATA_DIR, absolute: the embedded database, local PDF files and the activity spool's default live under it. */
export function readDataDir(read: EnvReader): string {
  return path.resolve(read.string('DATA_DIR', './data'));
}

/** What every process reads: its mode, logging, shutdown and tracing. */
export const runtimeSettings = defineSettings((read) => {
  const nodeEnv = readNodeEnv(read);
  return {
    nodeEnv,
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    shutdownTimeoutMs: read.duration('SHUTDOWN_TIMEOUT', '10s'),
    /** Longest time between two log lines about one ongoing outage or run of dropped events. */
    incidentSummaryIntervalMs: read.duration('LOG_SUMMARY_INTERVAL', '30s'),
    // Read by the telemetry preload itself; checked here so a typo fails the start.
    otlpEndpoint: read.url('OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']),
  };
});
export type RuntimeSettings = ConfigOf<typeof runtimeSettings>;

/** Start-up waits and readiness checks of the dependencies a process has (PostgreSQL, Redis). */
export const dependencySettings = defineSettings((read) => ({
  /** How long start-up waits for PostgreSQL and Redis before the process gives up (services mode). */
  dependencyWaitTimeoutMs: read.duration('DEPENDENCY_WAIT_TIMEOUT', '60s'),
  /** Cap of the exponential backoff between those start-up attempts. */
  dependencyRetryMaxDelayMs: read.duration('DEPENDENCY_RETRY_MAX_DELAY', '5s'),
  /** How often a running process checks that its database and cache answer (readiness). */
  dependencyCheckIntervalMs: read.duration('DEPENDENCY_CHECK_INTERVAL', '2s'),
}));
export type DependencySettings = ConfigOf<typeof dependencySettings>;

/** Where a process keeps files: the embedded database, local PDFs, the activity spool. */
export const dataDirSettings = defineSettings((read) => ({ dataDir: readDataDir(read) }));
export type DataDirSettings = ConfigOf<typeof dataDirSettings>;
