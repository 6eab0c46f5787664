/**
 * OpenTelemetry start-up. This file is preloaded (`node --require
 * .../telemetry-preload.js`) before any other module so the instrumentations
 * can patch http, grpc-js, pg and redis as they load. It must therefore
 * not import @grpc/grpc-js (nor anything that does).
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
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type * as TelemetrySdk from './telemetry-sdk';

export interface TelemetryOptions {
  serviceName: string;
  /**
   * Where finished spans go; they replace any exporter the environment names.
   * When absent, spans go where the standard OTEL_* variables say (see
   * tracesAreExported), and nothing is recorded or loaded otherwise.
   */
  spanProcessors?: SpanProcessor[];
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

/** What startTelemetry started: `tracing` is absent when no traces go anywhere. */
let started: { tracing?: { shutdown(): Promise<void> } } | undefined;

/** Starts tracing if traces go somewhere; once (later calls do nothing until shutdownTelemetry). */
export function startTelemetry(options: TelemetryOptions): void {
  if (started) return;
  started = {};
  if (!tracesAreExported(options)) return;
  // Required here, not imported at the top: loading the SDK and the instrumentations is the cost this file avoids.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracing } = require('./telemetry-sdk') as typeof TelemetrySdk;
  started.tracing = startTracing({
    serviceName: process.env.OTEL_SERVICE_NAME ?? options.serviceName,
    spanProcessors: options.spanProcessors,
  });
}

/** Flushes and stops telemetry; part of every process's graceful shutdown. */
export async function shutdownTelemetry(): Promise<void> {
  const running = started;
  started = undefined;
  await running?.tracing?.shutdown();
}
