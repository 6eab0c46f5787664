import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { baseEnv } from './helpers/env';
import { ROOT, runEntry } from './helpers/process';

interface SpanInfo {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  scope: string;
  attributes: Record<string, unknown>;
}

const SERVER = 1;

interface TracedRun {
  status: number;
  traceId: string;
  spans: SpanInfo[];
  logs: Array<Record<string, unknown>>;
  loginStatuses: number[];
  filePath: string;
}

let traced: TracedRun;

beforeAll(async () => {
  const env = await baseEnv();
  const { stdout } = await promisify(execFile)(process.execPath, ['test/fixtures/traced-stack.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, STACK_ENV: JSON.stringify(env) },
    timeout: 60_000,
  });
  traced = JSON.parse(stdout) as TracedRun;
});

describe('tracing', () => {
  it('one trace covers the gateway span and the service span of a request, continuing the caller’s W3C trace', () => {
    const { traceId, spans, logs } = traced;

    const httpServer = spans.find((s) => s.kind === SERVER && s.scope.includes('instrumentation-http') && s.traceId === traceId);
    const grpcServer = spans.find((s) => s.kind === SERVER && s.scope.includes('grpc') && s.name.includes('WizardService/ListProjects'));
    expect(httpServer).toBeDefined();
    expect(grpcServer).toBeDefined();
    // The service span belongs to the caller's trace...
    expect(grpcServer!.traceId).toBe(traceId);
    // ...and descends from the gateway's HTTP span through the gRPC client span.
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const ancestors: string[] = [];
    for (let s: SpanInfo | undefined = grpcServer; s?.parentSpanId; s = byId.get(s.parentSpanId)) ancestors.push(s.parentSpanId);
    expect(ancestors).toContain(httpServer!.spanId);
    // The service's log line for the call carries the same trace id and the request id.
    const serviceLine = logs.find((l) => l.service === 'wizard-service' && l.method === 'WizardService.ListProjects');
    expect(serviceLine).toMatchObject({ trace_id: traceId, request_id: expect.any(String) });
    expect(serviceLine!.span_id).toBe(grpcServer!.spanId);
    // So does the gateway's access-log line for the request.
    const accessLine = logs.find((l) => l.service === 'gateway' && l.msg === 'request' && l.route === '/api/v1/projects');
    expect(accessLine).toMatchObject({ trace_id: traceId, status: 200, method: 'GET' });
  });

  it('traces the PostgreSQL queries of a request, and no pool checkouts', () => {
    const { traceId, spans } = traced;
    // From node-postgres' instrumentation on PostgreSQL; the embedded database makes the same spans itself.
    const fromPg = spans.filter((s) => s.scope.includes('instrumentation-pg') || s.scope === '@evalplan/embedded-database');
    // A checkout span said nothing the query span does not, and built its attributes by parsing the URL each time.
    expect(fromPg.filter((s) => s.name === 'pg-pool.connect')).toEqual([]);
    // The request's own query is in its trace.
    expect(fromPg.filter((s) => s.name.startsWith('pg.query') && s.traceId === traceId).length).toBeGreaterThan(0);
  });

  it('a login for an unknown e-mail still checks a password, against the dummy hash, like a wrong password does', () => {
    expect(traced.loginStatuses).toEqual([401, 401]);
    const checks = traced.spans.filter((s) => s.name === 'auth.verify_password');
    // Register hashes (no check); each login checks exactly once.
    expect(checks.map((s) => s.attributes['evalplan.auth.dummy_hash'])).toEqual([true, false]);
  });

  it('names a stored PDF request by its route in the trace, never by the file’s path (a capability)', () => {
    const fileSpan = traced.spans.find((s) => s.kind === SERVER && s.attributes['url.path'] === '/files/pdfs/*');
    expect(fileSpan).toBeDefined();
    const fileName = traced.filePath.split('/').pop()!;
    const leaks = traced.spans.filter((s) => JSON.stringify(s).includes(fileName));
    expect(leaks.map((s) => s.name)).toEqual([]);
  });

  it('exports spans over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set', async () => {
    // A stand-in collector: records what the process posts to it.
    const received: Array<{ path: string; type: string; bytes: number }> = [];
    const collector = http.createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        received.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', bytes });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', () => resolve()));
    try {
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      const app = runEntry('stack/dist/main.js', { ...(await baseEnv()), LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
      const listening = await app.waitForLog((l) => l.msg === 'gateway listening');
      await (await fetch(`http://127.0.0.1:${String(listening.port)}/api/v1/projects`)).text();
      // Shutdown flushes what the batch processor still holds.
      app.child.kill('SIGTERM');
      expect(await app.exited).toBe(0);
      const traces = received.filter((r) => r.path === '/v1/traces');
      expect(traces.length).toBeGreaterThan(0);
      expect(traces[0]!.type).toBe('application/x-protobuf');
      expect(traces.reduce((sum, r) => sum + r.bytes, 0)).toBeGreaterThan(100);
    } finally {
      collector.close();
    }
  });
});
