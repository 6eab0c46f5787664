/**
 * The OpenTelemetry metrics SDK with its Prometheus exporter and the Node
 * runtime metrics. Only telemetry.ts requires this file, and only when metrics
 * are on: the components' instruments come from @opentelemetry/api, which
 * hands out no-op instruments until this registers a MeterProvider.
 *
 * The exporter's own HTTP server is not used (preventServerStart): it reads
 * port 0 as its default 9464 and reports a taken port only through the OTel
 * diagnostics logger, so a process would run on silently without metrics.
 * Ours binds what the settings say, port 0 included (tests), and a failure to
 * bind fails the process's start (lifecycle.ts waits for it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics, ValueType } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { RuntimeNodeInstrumentation } from '@opentelemetry/instrumentation-runtime-node';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AggregationTemporality,
  type CollectionResult,
  DataPointType,
  type HistogramMetricData,
  MeterProvider,
  type MetricProducer,
} from '@opentelemetry/sdk-metrics';
import { fastHistograms } from './fast-histogram';

export interface MetricsOptions {
  serviceName: string;
  /** undefined: every interface. */
  host: string | undefined;
  /** 0: any free port (tests). */
  port: number;
}

export interface RunningMetrics {
  /** Resolves with the bound address once the endpoint listens; rejects when it cannot. */
  listening: Promise<{ host: string; port: number }>;
  shutdown(): Promise<void>;
}

const ENDPOINT = '/metrics';

/** Epoch ms as OpenTelemetry's [seconds, nanoseconds]. */
const millisToHrTime = (ms: number): [number, number] => [Math.trunc(ms / 1000), Math.round((ms % 1000) * 1e6)];

/** The hot paths' histograms (fast-histogram.ts), as the SDK's own histograms would be exported. */
const fastHistogramProducer: MetricProducer = {
  collect: async (): Promise<CollectionResult> => {
    const now = millisToHrTime(Date.now());
    const metrics: HistogramMetricData[] = fastHistograms
      .filter((histogram) => histogram.series.length > 0)
      .map((histogram) => ({
        descriptor: {
          name: histogram.name,
          description: histogram.options.description,
          unit: histogram.options.unit,
          valueType: ValueType.DOUBLE,
        },
        aggregationTemporality: AggregationTemporality.CUMULATIVE,
        dataPointType: DataPointType.HISTOGRAM,
        dataPoints: histogram.series.map((series) => ({
          startTime: millisToHrTime(series.startedAt),
          endTime: now,
          attributes: series.attributes,
          value: {
            buckets: { boundaries: histogram.options.boundaries, counts: [...series.counts] },
            count: series.count,
            sum: series.sum,
            ...(series.count > 0 ? { min: series.min, max: series.max } : {}),
          },
        })),
      }));
    // The reader keeps the SDK's resource and takes only the scope metrics from here.
    return {
      resourceMetrics: { resource: resourceFromAttributes({}), scopeMetrics: [{ scope: { name: 'evalplan' }, metrics }] },
      errors: [],
    };
  },
};

export function startMetrics(options: MetricsOptions): RunningMetrics {
  const exporter = new PrometheusExporter({
    preventServerStart: true,
    metricProducers: [fastHistogramProducer],
    // Scope labels (otel_scope_name, ...) on every sample say only which meter a series came from; each name
    // has one meter here, so they would only lengthen every line of a scrape.
    withoutScopeInfo: true,
  });
  const provider = new MeterProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    readers: [exporter],
  });
  metrics.setGlobalMeterProvider(provider);
  // Event-loop delay, event-loop utilisation, GC pauses, heap spaces, active handles. It patches no module;
  // its event-loop delay histogram samples every 20 ms (the default 10 ms costs twice the timer wake-ups for
  // a figure scraped every 15 s or more).
  const runtime = new RuntimeNodeInstrumentation({ monitoringPrecision: 20 });
  runtime.setMeterProvider(provider);

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path === ENDPOINT) {
      exporter.getMetricsRequestHandler(request, response);
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  // The endpoint must never keep a process alive that has finished its work.
  server.unref();
  const listening = new Promise<{ host: string; port: number }>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${options.host ?? '0.0.0.0'}:${options.port}`;
      const reason =
        error.code === 'EADDRINUSE'
          ? `port ${options.port} is taken (set OTEL_EXPORTER_PROMETHEUS_PORT, or OTEL_METRICS_EXPORTER=none)`
          : error.message;
      reject(new Error(`metrics endpoint ${where} could not listen: ${reason}`));
    });
    server.listen({ port: options.port, host: options.host }, () => {
      const address = server.address() as AddressInfo;
      resolve({ host: address.address, port: address.port });
    });
  });
  // Observed by lifecycle.ts; a process that never asks must not die of an unhandled rejection.
  listening.catch(() => undefined);
  return {
    listening,
    shutdown: async () => {
      runtime.disable();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await provider.shutdown();
    },
  };
}
