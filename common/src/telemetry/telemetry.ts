/**
 * OpenTelemetry start-up. This file is preloaded (`node --require
 * .../telemetry-preload.js`) before any other module so the instrumentations
 * can patch http, pg and redis as they load. It must therefore not import
 * them (nor anything that does).
 *
 * Telemetry costs only when its traces go somewhere. With no exporter, the SDK
 * and the instrumentations are not even loaded (./telemetry-sdk is required
 * only then): merely constructing an instrumentation patches its library, and
 * the patched http alone took a bare Koa app from ~40k to ~14k req/s. Our own
 * spans (gRPC over node:http2, password checks, PDF steps) then go to
 * @opentelemetry/api's no-op tracer, which records nothing.
 *
 * One consequence, by choice: with nothing exported, an incoming W3C
 * `traceparent` is not carried into log lines or on to the services (it took
 * the patched http server, a propagator and a context manager on every
 * request). Log lines still correlate across components by request id, which
 * crosses every hop (X-Request-Id, gRPC metadata).
 */
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type * as MetricsSdk from './metrics-sdk';
import type * as TelemetrySdk from './telemetry-sdk';

export interface TelemetryOptions {
  serviceName: string;
  /**
   * Where finished spans go; they replace any exporter the environment names.
   * When absent, spans go where the standard OTEL_* variables say (see
   * tracesAreExported), and nothing is recorded or loaded otherwise.
   */
  spanProcessors?: SpanProcessor[];
  /**
   * Whether this process serves metrics, as the OTEL_* variables say (see
   * metricsSettings). Only the preload asks (one endpoint per process); test
   * fixtures that start tracing leave it off, or they would all bind 9464.
   */
  metrics?: boolean;
}

type Environment = Record<string, string | undefined>;

/**
 * Whether traces go somewhere: span processors were passed, or the
 * environment names an exporter. An OTLP exporter counts only with an
 * endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or ..._TRACES_ENDPOINT) unless
 * OTEL_TRACES_EXPORTER asks for it by name: the SDK's default, OTLP to
 * localhost, would retry against a collector that is not there.
 * OTEL_SDK_DISABLED=true and OTEL_TRACES_EXPORTER=none turn everything off.
 */
export function tracesAreExported(options: Pick<TelemetryOptions, 'spanProcessors'>, env: Environment = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (options.spanProcessors) return options.spanProcessors.length > 0;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name !== 'null');
  if (exporters.length === 0) return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  return !exporters.includes('none');
}

/** Where the metrics endpoint listens; see metricsSettings. */
export interface MetricsSettings {
  /** undefined: every interface. */
  host: string | undefined;
  /** 0: any free port. */
  port: number;
}

/** The exporter's standard default port. */
export const DEFAULT_METRICS_PORT = 9464;

/**
 * Whether metrics are served, and where: on by default (Prometheus pulls, so
 * serving costs nothing until scraped, and only the hot-path recording
 * remains: docs/benchmarks.md, "Metrics cost"). OTEL_METRICS_EXPORTER=none
 * (or OTEL_SDK_DISABLED=true) turns them off; `prometheus` is the only
 * exporter offered, and any other name is an error rather than silence.
 * OTEL_EXPORTER_PROMETHEUS_HOST and OTEL_EXPORTER_PROMETHEUS_PORT (default
 * 9464; 0 takes any free port) say where. Read here and not through
 * common/config: the preload starts metrics before a component loads its
 * configuration. Throws on a setting it cannot use.
 */
export function metricsSettings(env: Environment = process.env): MetricsSettings | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const exporters = (env.OTEL_METRICS_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (exporters.includes('none')) return undefined;
  const unknown = exporters.filter((name) => name !== 'prometheus');
  if (unknown.length > 0) throw new Error(`OTEL_METRICS_EXPORTER: only "prometheus" or "none" is supported, not "${unknown.join(',')}"`);
  const portText = env.OTEL_EXPORTER_PROMETHEUS_PORT?.trim() || String(DEFAULT_METRICS_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) throw new Error(`OTEL_EXPORTER_PROMETHEUS_PORT: "${portText}" is not a port (0-65535)`);
  const host = env.OTEL_EXPORTER_PROMETHEUS_HOST?.trim() || undefined;
  return { host, port };
}

/** What startTelemetry started: `tracing` is absent when no traces go anywhere, `metrics` when none are served. */
interface Started {
  tracing?: { shutdown(): Promise<void> };
  metrics?: { shutdown(): Promise<void> };
  /** Resolves with the metrics endpoint's address (undefined when off); rejects when it cannot serve. */
  metricsEndpoint: Promise<{ host: string; port: number } | undefined>;
}
let started: Started | undefined;

/** Starts tracing if traces go somewhere; once (later calls do nothing until shutdownTelemetry). */
export function startTelemetry(options: TelemetryOptions): void {
  if (started) return;
  const running: Started = { metricsEndpoint: Promise.resolve(undefined) };
  started = running;
  const serviceName = process.env.OTEL_SERVICE_NAME ?? options.serviceName;
  if (options.metrics) running.metricsEndpoint = startMetricsOf(serviceName, running);
  // Observed by metricsEndpoint()'s caller; unobserved (a fixture) it must not end the process.
  running.metricsEndpoint.catch(() => undefined);
  if (!tracesAreExported(options)) return;
  // Required here, not imported at the top: loading the SDK and the instrumentations is the cost this file avoids.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracing } = require('./telemetry-sdk') as typeof TelemetrySdk;
  running.tracing = startTracing({ serviceName, spanProcessors: options.spanProcessors });
}

function startMetricsOf(serviceName: string, running: Started): Promise<{ host: string; port: number } | undefined> {
  let settings: MetricsSettings | undefined;
  try {
    settings = metricsSettings();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  if (!settings) return Promise.resolve(undefined);
  // Like the tracing SDK: not loaded at all when metrics are off.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startMetrics } = require('./metrics-sdk') as typeof MetricsSdk;
  const metrics = startMetrics({ serviceName, ...settings });
  running.metrics = metrics;
  return metrics.listening;
}

/**
 * Where this process serves metrics: undefined when it does not, rejected
 * when the endpoint could not listen (a taken port, a bad setting), which
 * runComponent turns into a failed start. Asked before the component starts.
 */
export function metricsEndpoint(): Promise<{ host: string; port: number } | undefined> {
  return started?.metricsEndpoint ?? Promise.resolve(undefined);
}

/** Flushes and stops telemetry; part of every process's graceful shutdown. */
export async function shutdownTelemetry(): Promise<void> {
  const running = started;
  started = undefined;
  await Promise.all([running?.tracing?.shutdown(), running?.metrics?.shutdown()]);
}
