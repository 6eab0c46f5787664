/**
 * The OpenTelemetry SDK with the instrumentations our components use. Only
 * telemetry.ts requires this file, and only when traces go somewhere:
 * constructing an instrumentation patches its library at once, whether or
 * not anything is recorded.
 *
 * Instrumented: the HTTP servers (and clients) on node:http, pg and
 * node-redis. gRPC runs on our own transport, which makes its own CLIENT and
 * SERVER spans (common/src/grpc/transport). Koa is not: a span per middleware is
 * noise next to the HTTP span, and its wrappers cost ~10 % of gateway
 * throughput (docs/benchmarks.md).
 *
 * The sampler comes from OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG: NodeSDK
 * reads them whenever no sampler is passed (test/telemetry-cost.test.ts).
 */
import { createNoopMeter, type MeterProvider } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { RedisInstrumentation } from '@opentelemetry/instrumentation-redis';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_URL_PATH } from '@opentelemetry/semantic-conventions';
import { FILES_ROUTE, isFilePath } from '../logging/capability-paths';

/** Probes and Prometheus scrapes: every few seconds, a span each would say nothing. */
const UNTRACED_PATHS = new Set(['/health', '/ready', '/metrics']);

/**
 * What the instrumentations record as metrics goes nowhere: they would take
 * the global MeterProvider our metrics registered and export
 * http.server.request.duration and the pg pool figures a second time, under
 * the names our own instruments use (two families per name in one scrape).
 */
const NO_METRICS: MeterProvider = { getMeter: () => createNoopMeter() };

export interface TracingOptions {
  serviceName: string;
  /** When absent, the exporters the OTEL_* variables name. */
  spanProcessors: SpanProcessor[] | undefined;
}

export function startTracing(options: TracingOptions): NodeSDK {
  const instrumentations = [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
      // A stored PDF's path is a capability: its span names the route instead (these attributes win over the defaults).
      startIncomingSpanHook: (request) => (isFilePath((request as { url?: string }).url ?? '') ? { [ATTR_URL_PATH]: FILES_ROUTE } : {}),
    }),
    // A span for every pool checkout says nothing the query span does not, and building its
    // attributes parses the connection URL each time (~0.1 ms per checkout here).
    new PgInstrumentation({ ignoreConnectSpans: true }),
    // node-redis v4 to v6 (@redis/client) as well as the older redis package.
    new RedisInstrumentation(),
  ];
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    // Traces only: without these the SDK would also start OTLP metric and log
    // exporters from defaults, which retry against localhost and stall shutdown.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations,
  });
  sdk.start();
  // After start: registering the instrumentations hands them the global MeterProvider.
  for (const instrumentation of instrumentations) instrumentation.setMeterProvider(NO_METRICS);
  return sdk;
}
