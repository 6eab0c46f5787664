import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { TracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { loadProtos, type types } from '@evalplan/protos';
import { createLogger } from '../../logging/logger';
import { GrpcClientPool } from './client-pool';
import { bindService, GrpcServer } from './server';

/**
 * W3C trace context across our HTTP/2 transport, with a tracer installed as
 * the telemetry preload installs one: a call's server span continues its
 * client span, and a call the handler makes continues the handler's span,
 * so one trace spans gateway → service → service (→ database, whose spans
 * the pg instrumentation hangs under the handler's span).
 */
const logger = createLogger({ name: 'test', level: 'silent' });
const AuthClient = loadProtos().auth.AuthService;
const exporter = new InMemorySpanExporter();

describe('trace context over HTTP/2', () => {
  const servers: GrpcServer[] = [];
  const pools: Array<GrpcClientPool<types.AuthServiceClient>> = [];

  async function serve(name: string, handler: Parameters<typeof bindService<types.AuthServiceHandlers>>[2]['GetUser']) {
    const server = new GrpcServer({ name, address: '127.0.0.1:0', logger });
    const port = await server.start();
    const implementation = bindService<types.AuthServiceHandlers>('AuthService', AuthClient, { GetUser: handler }, { logger });
    server.serve([{ name: 'evalplan.v2.AuthService', definition: AuthClient, implementation }], true);
    servers.push(server);
    const pool = new GrpcClientPool<types.AuthServiceClient>(AuthClient, {
      name,
      target: `127.0.0.1:${port}`,
      connections: 1,
      deadlineMs: 5_000,
    });
    pools.push(pool);
    return pool;
  }

  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
  });
  afterAll(async () => {
    for (const pool of pools) pool.close();
    for (const server of servers) await server.stop(1_000);
    trace.disable();
    propagation.disable();
    context.disable();
  });

  it('client span → server span → the handler’s own call → the next server span: one trace, each the parent of the next', async () => {
    const back = await serve('back', async (request) => ({ id: request.userId ?? '', email: '', createdAt: '' }));
    const front = await serve('front', async (request, callContext) => {
      // After an await, as real handlers call on: the handler's span must still be the active one.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await back.unary('GetUser', { userId: 'inner' }, { context: callContext });
      return { id: request.userId ?? '', email: '', createdAt: '' };
    });
    await front.unary('GetUser', { userId: 'outer' });

    const spans = exporter.getFinishedSpans().filter((span) => span.name === 'evalplan.v2.AuthService/GetUser');
    expect(spans).toHaveLength(4);
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
    const root = spans.find((span) => parentOf(span) === undefined)!;
    const chain = [root];
    while (chain.length < 4) {
      const child = spans.find((span) => parentOf(span) === chain.at(-1)!.spanContext().spanId);
      if (!child) break;
      chain.push(child);
    }
    expect(chain).toHaveLength(4);
    expect(new Set(chain.map((span) => span.spanContext().traceId)).size).toBe(1);
    // CLIENT (2) and SERVER (1) alternate: gateway-side call, front's handler, its call, back's handler.
    expect(chain.map((span) => span.kind)).toEqual([2, 1, 2, 1]);
  });
});
