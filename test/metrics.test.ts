/**
 * Metrics (issue 22): known requests, then the Prometheus endpoints scraped
 * and their names, labels and values checked. Embedded run: the all-in-one
 * process, all components on one endpoint. Services run: the five processes,
 * each on its own endpoint, on PostgreSQL and Redis.
 */
import { baseEnv, testEnv } from './helpers/env';
import { JSON_HEADERS } from './helpers/auth';
import { runEntry, type Running } from './helpers/process';
import { type Component, ServiceProcesses } from './helpers/service-processes';
import { startSmtp } from './helpers/smtp-peer';
import { WEB_CLIENT_STEPS } from './fixtures/step-data';

jest.setTimeout(120_000);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (no escapes in our label values but \" and \\). */
function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(?<!\w)(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name whose labels include `labels`; 0 when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

const sumOf = (samples: Sample[], name: string, labels: Record<string, string> = {}): number =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);

async function scrape(port: number): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  return parsePrometheus(await response.text());
}

/** Where each component's metrics are: one port for all in the embedded run, one per process in the services run. */
type MetricsPorts = Record<Component, number>;

let api: string;
let gatewayPort: number;
let ports: MetricsPorts;
let stack: Running | undefined;
let processes: ServiceProcesses | undefined;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

const METRICS_ENV = { OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1', OTEL_EXPORTER_PROMETHEUS_PORT: '0' };

beforeAll(async () => {
  smtp = await startSmtp();
  if (testEnv.mode === 'embedded') {
    stack = runEntry('stack/dist/main.js', {
      ...(await baseEnv()),
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
      ACTIVITY_FLUSH_INTERVAL: '50ms',
      ...METRICS_ENV,
    });
    const listening = await stack.waitForLog((line) => line.msg === 'gateway listening', 60_000);
    gatewayPort = Number(listening.port);
    const metricsPort = Number((await stack.waitForLog((line) => line.msg === 'metrics listening')).port);
    ports = { gateway: metricsPort, auth: metricsPort, wizard: metricsPort, pdf: metricsPort, activity: metricsPort };
  } else {
    processes = await ServiceProcesses.start(
      { databaseUrl: testEnv.databaseUrl, redisUrl: testEnv.redisUrl, workDir: testEnv.workDir },
      { metrics: true, env: { SMTP_URL: smtp.url, ACTIVITY_FLUSH_INTERVAL: '50ms' } },
    );
    gatewayPort = processes.gatewayPort;
    ports = {} as MetricsPorts;
    for (const component of ['gateway', 'auth', 'wizard', 'pdf', 'activity'] as const)
      ports[component] = await processes.metricsPort(component);
  }
  api = `http://127.0.0.1:${gatewayPort}/api/v1`;
});

afterAll(async () => {
  if (stack && stack.child.exitCode === null) {
    stack.child.kill('SIGKILL');
    await stack.exited;
  }
  await processes?.stopAll();
  await smtp?.close();
});

describe('metrics', () => {
  it('serves every process its own endpoint, not on the public API port', async () => {
    expect(new Set(Object.values(ports)).size).toBe(testEnv.mode === 'embedded' ? 1 : 5);
    expect(Object.values(ports)).not.toContain(gatewayPort);
    expect((await fetch(`http://127.0.0.1:${gatewayPort}/metrics`)).status).toBe(404);
    const samples = await scrape(ports.gateway);
    const serviceName = valueOf(samples, 'target_info', { service_name: testEnv.mode === 'embedded' ? 'evalplan' : 'evalplan-gateway' });
    expect(serviceName).toBe(1);
  });

  it('exports each family once when traces are exported too: the instrumentations record no metrics of their own', async () => {
    const traced = runEntry('stack/dist/main.js', {
      ...(await baseEnv()),
      LOG_LEVEL: 'info',
      ...METRICS_ENV,
      // Nothing listens there: spans are made and dropped, which is all this needs.
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
    });
    try {
      const port = Number((await traced.waitForLog((line) => line.msg === 'gateway listening', 60_000)).port);
      const metricsPort = Number((await traced.waitForLog((line) => line.msg === 'metrics listening')).port);
      for (let i = 0; i < 3; i += 1) expect((await fetch(`http://127.0.0.1:${port}/api/v1/ping`)).status).toBe(200);
      await fetch(`http://127.0.0.1:${port}/api/v1/sessions/create`, { method: 'POST' });
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const families = text.split('\n').filter((line) => line.startsWith('# TYPE '));
      const repeated = families.filter((line, index) => families.indexOf(line) !== index);
      expect(repeated).toEqual([]);
      const samples = parsePrometheus(text);
      // Every HTTP sample is ours: with a route template (the instrumentation's have none).
      expect(samples.filter((s) => s.name.startsWith('http_server_request_duration') && s.labels.http_route === undefined)).toEqual([]);
      expect(valueOf(samples, 'http_server_request_duration_count', { http_route: '/api/v1/ping', http_request_method: 'GET' })).toBe(3);
    } finally {
      traced.child.kill('SIGKILL');
      await traced.exited;
    }
  });

  it('fails a start whose metrics port is taken, with one clear line, before the component listens', async () => {
    const taken = ports.gateway;
    const second = runEntry('stack/dist/main.js', { ...(await baseEnv()), ...METRICS_ENV, OTEL_EXPORTER_PROMETHEUS_PORT: String(taken) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `evalplan failed to start: metrics endpoint 127.0.0.1:${taken} could not listen: port ${taken} is taken`,
    );
    expect(second.lines().some((line) => line.msg === 'gateway listening')).toBe(false);
  });

  it('counts HTTP requests by route template, method and status, with unmatched paths under one label', async () => {
    const before = await scrape(ports.gateway);
    for (let i = 0; i < 3; i++) expect((await fetch(`${api}/ping`)).status).toBe(200);
    expect((await fetch(`${api}/no-such-route/12345`)).status).toBe(404);
    const after = await scrape(ports.gateway);

    const ping = {
      http_route: '/api/v1/ping',
      http_request_method: 'GET',
      http_response_status_code: '200',
      http_response_status_class: '2xx',
    };
    const count = 'http_server_request_duration_count';
    expect(valueOf(after, count, ping) - valueOf(before, count, ping)).toBe(3);
    // Each request falls in a bucket: +Inf holds all three; the sum is a positive duration in seconds.
    const inf = { ...ping, le: '+Inf' };
    expect(valueOf(after, 'http_server_request_duration_bucket', inf) - valueOf(before, 'http_server_request_duration_bucket', inf)).toBe(
      3,
    );
    const seconds = valueOf(after, 'http_server_request_duration_sum', ping) - valueOf(before, 'http_server_request_duration_sum', ping);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(3);

    const unmatched = {
      http_route: '(unmatched)',
      http_request_method: 'GET',
      http_response_status_code: '404',
      http_response_status_class: '4xx',
    };
    expect(valueOf(after, count, unmatched) - valueOf(before, count, unmatched)).toBe(1);
    // The raw path never becomes a label value.
    expect(after.some((s) => Object.values(s.labels).some((value) => value.includes('no-such-route')))).toBe(false);
  });

  it('times gRPC calls on both sides, and database queries, and reports the pool', async () => {
    const before = { gateway: await scrape(ports.gateway), wizard: await scrape(ports.wizard) };
    const created = await fetch(`${api}/sessions/create`, { method: 'POST' });
    expect(created.status).toBe(201);
    const { sessionId } = (await created.json()) as { sessionId: string };
    const saved = await fetch(`${api}/sessions/${sessionId}/wizard/step/1`, {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: JSON.stringify({ stepData: WEB_CLIENT_STEPS['1'] }),
    });
    expect(saved.status).toBe(200);
    const after = { gateway: await scrape(ports.gateway), wizard: await scrape(ports.wizard) };

    const create = { rpc_system_name: 'grpc', rpc_method: 'evalplan.v2.WizardService/CreateSession', rpc_response_status_code: 'OK' };
    const delta = (side: 'gateway' | 'wizard', name: string, labels: Record<string, string>) =>
      valueOf(after[side], name, labels) - valueOf(before[side], name, labels);
    expect(delta('wizard', 'rpc_server_call_duration_count', create)).toBe(1);
    expect(delta('gateway', 'rpc_client_call_duration_count', create)).toBe(1);
    const stepRoute = {
      http_route: '/api/v1/sessions/:sessionId/wizard/step/:stepNumber',
      http_request_method: 'PUT',
      http_response_status_class: '2xx',
    };
    expect(delta('gateway', 'http_server_request_duration_count', stepRoute)).toBe(1);

    // The session and its step were written: INSERTs or UPDATEs by wizard-service's pool.
    const pool = testEnv.mode === 'embedded' ? 'evalplan' : 'wizard-service';
    const writes = (samples: Sample[]) =>
      sumOf(samples, 'db_client_operation_duration_count', { db_client_connection_pool_name: pool, db_operation_name: 'INSERT' }) +
      sumOf(samples, 'db_client_operation_duration_count', { db_client_connection_pool_name: pool, db_operation_name: 'UPDATE' });
    expect(writes(after.wizard) - writes(before.wizard)).toBeGreaterThanOrEqual(2);
    expect(
      valueOf(after.wizard, 'db_client_connection_count', { db_client_connection_pool_name: pool, db_client_connection_state: 'idle' }),
    ).toBeGreaterThanOrEqual(testEnv.mode === 'embedded' ? 0 : 1);
    expect(
      after.wizard.some((s) => s.name === 'db_client_connection_pending_requests' && s.labels.db_client_connection_pool_name === pool),
    ).toBe(true);
  });

  it('counts a PDF render by kind with its duration, and the e-mail sent', async () => {
    const created = (await (await fetch(`${api}/sessions/create`, { method: 'POST' })).json()) as { sessionId: string };
    for (let step = 1; step <= 4; step++) {
      const saved = await fetch(`${api}/sessions/${created.sessionId}/wizard/step/${step}`, {
        method: 'PUT',
        headers: JSON_HEADERS,
        body: JSON.stringify({ stepData: WEB_CLIENT_STEPS[String(step) as '1'] }),
      });
      expect(saved.status).toBe(200);
    }
    const before = await scrape(ports.pdf);
    const generated = await fetch(`${api}/sessions/${created.sessionId}/generate-pdf`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ notifyEmail: 'ada@example.org' }),
    });
    expect(generated.status).toBe(200);
    const after = await scrape(ports.pdf);
    const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('evalplan_pdf_renders_total', { evalplan_pdf_kind: 'builtin', evalplan_pdf_outcome: 'ok' })).toBe(1);
    expect(delta('evalplan_pdf_render_duration_count', { evalplan_pdf_kind: 'builtin' })).toBe(1);
    expect(delta('evalplan_pdf_render_duration_sum', { evalplan_pdf_kind: 'builtin' })).toBeGreaterThan(0);
    expect(delta('evalplan_mail_messages_total', { evalplan_mail_outcome: 'sent' })).toBe(1);
    expect(valueOf(after, 'evalplan_pdf_pool_queue')).toBe(0);
    expect(sumOf(after, 'evalplan_pdf_renderer_errors_total')).toBe(0);
  });

  it('counts activity events accepted and flushed by the gateway and stored by activity-service, and the queue depth', async () => {
    const stage = (name: string, outcome: string) => ({ evalplan_activity_stage: name, evalplan_activity_outcome: outcome });
    const events = 'evalplan_activity_events_total';
    /** The gateway's figures once everything it accepted is flushed (batches go out every 50 ms here). */
    const settled = async (): Promise<Sample[]> => {
      for (let tries = 0; ; tries++) {
        const samples = await scrape(ports.gateway);
        const flushed = valueOf(samples, events, stage('gateway', 'flushed'));
        if (flushed >= valueOf(samples, events, stage('gateway', 'accepted')) || tries === 100) return samples;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const before = await settled();
    for (let i = 0; i < 5; i++) await fetch(`${api}/ping`);
    const after = await settled();
    const service = await scrape(ports.activity);
    // Each answered request is one event (the scrapes are on other ports and are not).
    expect(valueOf(after, events, stage('gateway', 'accepted')) - valueOf(before, events, stage('gateway', 'accepted'))).toBe(5);
    expect(valueOf(after, events, stage('gateway', 'flushed'))).toBe(valueOf(after, events, stage('gateway', 'accepted')));
    expect(valueOf(after, events, stage('gateway', 'accepted'))).toBeGreaterThan(5);
    expect(valueOf(after, events, stage('gateway', 'dropped'))).toBe(0);
    expect(valueOf(after, 'evalplan_activity_queue_depth')).toBe(0);
    // Every event the gateway flushed since start, activity-service stored, none through the spool.
    expect(valueOf(service, events, stage('service', 'stored'))).toBe(valueOf(after, events, stage('gateway', 'flushed')));
    expect(valueOf(service, events, stage('service', 'spooled'))).toBe(0);
  });

  it('reports the Node runtime: event-loop delay, heap and GC', async () => {
    for (const port of new Set(Object.values(ports))) {
      const samples = await scrape(port);
      expect(valueOf(samples, 'nodejs_eventloop_delay_p99')).toBeGreaterThan(0);
      expect(sumOf(samples, 'v8js_memory_heap_used')).toBeGreaterThan(1_000_000);
      expect(valueOf(samples, 'nodejs_eventloop_utilization')).toBeGreaterThanOrEqual(0);
      expect(samples.some((s) => s.name === 'v8js_gc_duration_count')).toBe(true);
    }
  });
});
