import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { baseEnv } from './helpers/env';
import { ROOT } from './helpers/process';

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

describe('tracing', () => {
  it('one trace covers the gateway span and the service span of a request, continuing the caller’s W3C trace', async () => {
    const env = await baseEnv();
    const { stdout } = await promisify(execFile)(process.execPath, ['test/fixtures/traced-stack.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, STACK_ENV: JSON.stringify(env) },
      timeout: 60_000,
    });
    const { traceId, spans } = JSON.parse(stdout) as { status: number; traceId: string; spans: SpanInfo[] };

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
  });
});
