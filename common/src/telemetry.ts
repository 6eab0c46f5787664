/**
 * OpenTelemetry start-up. This file is preloaded (`node --require
 * .../telemetry-preload.js`) before any other module so the instrumentations
 * can patch http, koa, grpc-js, pg and redis as they load. It must therefore
 * not import @grpc/grpc-js (nor anything that does).
 */
import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

export interface TelemetryOptions {
  serviceName: string;
  /**
   * Where finished spans go. When absent, spans are exported over OTLP if
   * OTEL_EXPORTER_OTLP_ENDPOINT is set, and not recorded at all otherwise
   * (trace context still propagates, so logs keep incoming trace ids).
   */
  spanProcessors?: SpanProcessor[];
}

const PROBE_PATHS = new Set(['/health', '/ready']);

let sdk: NodeSDK | undefined;

export function isTelemetryStarted(): boolean {
  return sdk !== undefined;
}

export function startTelemetry(options: TelemetryOptions): void {
  if (sdk) return;
  const exportOverOtlp = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
  sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? options.serviceName,
    // An empty list registers no tracer provider: no spans, no cost, no noise.
    // Without it the SDK would default to OTLP on localhost and log failures.
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : exportOverOtlp ? {} : { spanProcessors: [] }),
    // Traces only: without these the SDK would also start OTLP metric and log
    // exporters from defaults, which retry against localhost and stall shutdown.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      getNodeAutoInstrumentations({
        '@opentelemetry/instrumentation-fs': { enabled: false },
        '@opentelemetry/instrumentation-dns': { enabled: false },
        '@opentelemetry/instrumentation-net': { enabled: false },
        // A span per Koa middleware is noise next to the HTTP and gRPC spans,
        // and its wrappers cost ~10 % of gateway throughput (bench/ping.js).
        '@opentelemetry/instrumentation-koa': { enabled: false },
        // Our logger adds trace ids itself, also when telemetry is off.
        '@opentelemetry/instrumentation-pino': { enabled: false },
        // Its event-loop-delay histogram wakes every process 100 times a second, for metrics nothing
        // here reads (no metric reader is configured).
        '@opentelemetry/instrumentation-runtime-node': { enabled: false },
        // A span for every pool checkout says nothing the query span does not, and building its
        // attributes parses the connection URL each time (~0.1 ms per checkout here).
        '@opentelemetry/instrumentation-pg': { ignoreConnectSpans: true },
        '@opentelemetry/instrumentation-http': {
          ignoreIncomingRequestHook: (request) => PROBE_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
        },
      }),
    ],
  });
  sdk.start();
}

/** Flushes and stops telemetry; part of every process's graceful shutdown. */
export async function shutdownTelemetry(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  await running?.shutdown();
}
