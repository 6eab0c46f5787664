import type * as grpc from '@grpc/grpc-js';
import { type HealthClient, loadProtos, type types } from '@evalplan/protos';
import { grpcJsClient } from '../../../../test/helpers/grpc-js';
import { AppError } from '../../errors/app-error';
import { createLogger } from '../../logging/logger';
import { GrpcClientPool } from './client-pool';
import { bindService, GrpcServer } from './server';

const logger = createLogger({ name: 'test', level: 'silent' });
const { AuthService } = loadProtos().auth;
const { PdfService } = loadProtos().pdf;

describe('GrpcClientPool and bindService', () => {
  let server: GrpcServer;
  let pool: GrpcClientPool<types.AuthServiceClient>;
  let pdfPool: GrpcClientPool<types.PdfServiceClient>;
  const peers: string[] = [];
  let dependencyFailures = 0;

  beforeAll(async () => {
    const implementation = bindService<types.AuthServiceHandlers>(
      'AuthService',
      AuthService,
      {
        // Echoes who called and with which request id, so the test can see the wire.
        GetUser: async (request, context) => {
          if (request.userId === 'missing') throw new AppError('UNAUTHORIZED', 'No such user.', { field: 'userId' });
          if (request.userId === 'boom') throw new Error('database password is hunter2');
          if (request.userId === 'db-down') throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          if (request.userId.startsWith('slow:')) await new Promise((resolve) => setTimeout(resolve, Number(request.userId.slice(5))));
          return { id: request.userId, email: context.requestId, createdAt: '' };
        },
      },
      { logger, onDependencyFailure: () => (dependencyFailures += 1) },
    );
    const recordingImplementation = {
      ...implementation,
      GetUser: (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        peers.push(call.getPeer());
        (implementation.GetUser as grpc.handleUnaryCall<unknown, unknown>)(call, callback);
      },
    };
    const pdfImplementation = bindService<types.PdfServiceHandlers>(
      'PdfService',
      PdfService,
      {
        ReadPdf: async (request, call) => {
          if (request.key === 'missing') throw new AppError('PDF_NOT_FOUND');
          call.write({ size: 3, fileName: 'a.pdf', data: Buffer.from('abc') });
          call.write({ data: Buffer.from('def') });
        },
      },
      { logger },
    );
    server = new GrpcServer({ name: 'test', address: '127.0.0.1:0', logger });
    const port = await server.start();
    server.serve(
      [
        { name: 'evalplan.v2.AuthService', definition: AuthService, implementation: recordingImplementation },
        { name: 'evalplan.v2.PdfService', definition: PdfService, implementation: pdfImplementation },
      ],
      true,
    );
    pool = new GrpcClientPool(AuthService, {
      name: 'auth-service',
      target: `127.0.0.1:${port}`,
      connections: 4,
      deadlineMs: 2_000,
    });
    pdfPool = new GrpcClientPool(PdfService, {
      name: 'pdf-service',
      target: `127.0.0.1:${port}`,
      connections: 1,
      deadlineMs: 2_000,
    });
  });
  afterAll(async () => {
    pool.close();
    pdfPool.close();
    await server.stop(1_000);
  });

  it('spreads calls round-robin over separate connections', async () => {
    peers.length = 0;
    for (let i = 0; i < 8; i += 1) await pool.unary('GetUser', { userId: `u${i}` });
    expect(new Set(peers).size).toBe(4);
  });

  it("sends the request id of the call's context in metadata, and 'internal' for a call made for no request", async () => {
    const user = await pool.unary('GetUser', { userId: 'x' }, { context: { requestId: 'req-42' } });
    expect(user.email).toBe('req-42');
    expect((await pool.unary('GetUser', { userId: 'x' })).email).toBe('internal');
  });

  it('carries a domain error across with its code, message and details', async () => {
    await expect(pool.unary('GetUser', { userId: 'missing' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'No such user.',
      details: { field: 'userId' },
    });
  });

  it('turns an unexpected failure into INTERNAL_SERVER_ERROR without leaking its text', async () => {
    const error = await pool.unary('GetUser', { userId: 'boom' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INTERNAL_SERVER_ERROR');
    expect((error as AppError).message).not.toContain('hunter2');
  });

  it('answers SERVICE_UNAVAILABLE (not 500) when a dependency did not answer, and tells the monitor', async () => {
    const before = dependencyFailures;
    const error = await pool.unary('GetUser', { userId: 'db-down' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((error as AppError).message).not.toMatch(/ECONNREFUSED|5432/);
    expect(dependencyFailures).toBe(before + 1);
  });

  it('answers UNIMPLEMENTED for methods without a handler, naming the method', async () => {
    await expect(pool.unary('Login', { credentials: {}, clientIp: '' })).rejects.toMatchObject({
      code: 'NOT_IMPLEMENTED',
      message: 'AuthService.Login is not implemented yet.',
    });
  });

  it('streams every message of a server stream', async () => {
    const chunks: string[] = [];
    for await (const chunk of pdfPool.stream('ReadPdf', { key: 'x' })) chunks.push(chunk.data.toString());
    expect(chunks).toEqual(['abc', 'def']);
  });

  it('carries a domain error raised in a server stream with its code', async () => {
    const read = async () => {
      for await (const chunk of pdfPool.stream('ReadPdf', { key: 'missing' })) void chunk;
    };
    await expect(read()).rejects.toMatchObject({ code: 'PDF_NOT_FOUND' });
  });

  it('ends a call that outlives its deadline as SERVICE_UNAVAILABLE, and the server stays healthy', async () => {
    const started = Date.now();
    await expect(pool.unary('GetUser', { userId: 'slow:600' }, { deadlineMs: 200 })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await pool.unary('GetUser', { userId: 'after' })).id).toBe('after');
  });

  it('refuses a request message over 4 MiB without reading it into memory', async () => {
    await expect(pool.unary('GetUser', { userId: 'x'.repeat(5 * 1024 * 1024) })).rejects.toBeInstanceOf(AppError);
    expect((await pool.unary('GetUser', { userId: 'still-fine' })).id).toBe('still-fine');
  });

  it('answers grpc-js clients too (unary, as the health checks and streams use it)', async () => {
    const { Health } = loadProtos().health;
    const { credentials } = await import('@grpc/grpc-js');
    const client = new (grpcJsClient<HealthClient>(Health))(`127.0.0.1:${server.boundPort}`, credentials.createInsecure());
    const status = await new Promise((resolve, reject) =>
      client.Check({ service: 'evalplan.v2.AuthService' }, (error, reply) => (error ? reject(error) : resolve(reply?.status))),
    );
    client.close();
    expect(status).toBe('SERVING');
  });
});

describe('GrpcServer.stop', () => {
  it('lets a call in flight finish before it closes', async () => {
    // Stop only once the call is in the handler: a fixed wait before stopping
    // lost the race on a loaded machine (the call arrived after the stop).
    let arrived!: () => void;
    const callArrived = new Promise<void>((resolve) => (arrived = resolve));
    const implementation = bindService<types.AuthServiceHandlers>(
      'AuthService',
      AuthService,
      {
        GetUser: async (request) => {
          arrived();
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { id: request.userId, email: '', createdAt: '' };
        },
      },
      { logger },
    );
    const server = new GrpcServer({ name: 'draining', address: '127.0.0.1:0', logger });
    const port = await server.start();
    server.serve([{ name: 'evalplan.v2.AuthService', definition: AuthService, implementation }], true);
    const pool = new GrpcClientPool<types.AuthServiceClient>(AuthService, {
      name: 'auth-service',
      target: `127.0.0.1:${port}`,
      connections: 1,
      deadlineMs: 2_000,
    });
    const inFlight = pool.unary('GetUser', { userId: 'in-flight' });
    await callArrived;
    await server.stop(2_000);
    expect((await inFlight).id).toBe('in-flight');
    await expect(pool.unary('GetUser', { userId: 'late' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    pool.close();
  });
});

/** grpc.health.v1 Check through grpc-js, as a Kubernetes probe asks. */
async function healthOf(port: number, service: string): Promise<unknown> {
  const { Health } = loadProtos().health;
  const { credentials } = await import('@grpc/grpc-js');
  const client = new (grpcJsClient<HealthClient>(Health))(`127.0.0.1:${port}`, credentials.createInsecure());
  try {
    return await new Promise((resolve, reject) =>
      client.Check({ service }, { deadline: Date.now() + 2_000 }, (error, reply) => (error ? reject(error) : resolve(reply?.status))),
    );
  } finally {
    client.close();
  }
}

describe('GrpcServer readiness', () => {
  it('is alive but not ready until it serves, answers callers UNAVAILABLE meanwhile, then follows setServing', async () => {
    const implementation = bindService<types.AuthServiceHandlers>(
      'AuthService',
      AuthService,
      { GetUser: async (request) => ({ id: request.userId, email: '', createdAt: '' }) },
      { logger },
    );
    const server = new GrpcServer({ name: 'starting', address: '127.0.0.1:0', logger });
    const port = await server.start();
    const pool = new GrpcClientPool<types.AuthServiceClient>(AuthService, {
      name: 'auth-service',
      target: `127.0.0.1:${port}`,
      connections: 1,
      deadlineMs: 2_000,
    });
    try {
      // Still waiting for its database: a liveness probe passes, readiness does not, calls are "try again".
      expect(await healthOf(port, 'liveness')).toBe('SERVING');
      expect(await healthOf(port, '')).toBe('NOT_SERVING');
      await expect(pool.unary('GetUser', { userId: 'early' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

      server.serve([{ name: 'evalplan.v2.AuthService', definition: AuthService, implementation }], false);
      expect(await healthOf(port, 'evalplan.v2.AuthService')).toBe('NOT_SERVING');
      server.setServing(true);
      expect(await healthOf(port, '')).toBe('SERVING');
      expect(await healthOf(port, 'evalplan.v2.AuthService')).toBe('SERVING');
      expect((await pool.unary('GetUser', { userId: 'ready' })).id).toBe('ready');
      // A dependency went away: not ready, still alive.
      server.setServing(false);
      expect(await healthOf(port, '')).toBe('NOT_SERVING');
      expect(await healthOf(port, 'liveness')).toBe('SERVING');
      // Methods that were never added are now simply unimplemented.
      await expect(pool.unary('Login', { credentials: {}, clientIp: '' })).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED' });
    } finally {
      pool.close();
      await server.stop(1_000);
    }
  });
});
