import * as grpc from '@grpc/grpc-js';
import { type HealthClient, loadProtos, type types } from '@evalplan/protos';
import { grpcJsClient } from '../../../../test/helpers/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { AppError } from '../../errors/app-error';
import { createLogger } from '../../logging/logger';
import { GrpcClientPool } from '../rpc/client-pool';
import { type CallFailure, type CallMethod, Http2Client } from './http2-client';
import { GrpcServer } from '../rpc/server';
import { appErrorToStatus } from '../rpc/status';

/**
 * Our gRPC server and client against the standard implementation: every
 * pairing of {our server, a grpc-js server} with {our client, a grpc-js
 * client} must behave alike, so a service of ours can be called by any
 * gRPC peer, and our gateway can call a service written with anything.
 */
const logger = createLogger({ name: 'test', level: 'silent' });
const protos = loadProtos();
const AuthClient = protos.auth.AuthService;
const PdfClient = protos.pdf.PdfService;
const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the handlers saw, by user id: the deadline left and whether the call was cancelled. */
const seen = new Map<string, { remainingMs: number; cancelled: Promise<boolean> }>();

/** A domain error's status, its metadata as grpc-js' (which both servers send: they read it as HTTP/2 headers). */
function domainStatus(error: AppError): Partial<grpc.StatusObject> {
  const { code, details, metadata } = appErrorToStatus(error);
  const converted = new grpc.Metadata();
  for (const key of metadata?.keys() ?? []) for (const value of metadata!.get(key)) converted.add(key, value);
  return { code, details, metadata: converted };
}

/** Plain grpc-js handlers, so both servers run exactly the same code. */
const authHandlers: grpc.UntypedServiceImplementation = {
  GetUser(call: grpc.ServerUnaryCall<types.GetUserRequest, types.User>, callback: grpc.sendUnaryData<types.User>) {
    const id = call.request.userId ?? '';
    const deadline = Number(call.getDeadline());
    seen.set(id, {
      remainingMs: deadline - Date.now(),
      cancelled: new Promise((resolve) => {
        if (call.cancelled) resolve(true);
        call.once('cancelled', () => resolve(true));
        setTimeout(() => resolve(false), 3_000).unref();
      }),
    });
    if (id === 'missing') return callback(domainStatus(new AppError('UNAUTHORIZED', 'No such user — ✓', { field: 'userId' })));
    if (id === 'echo-metadata') {
      // Answers an error whose trailers carry the caller's metadata back, every value of every key.
      const echo = new grpc.Metadata();
      for (const value of call.metadata.get('x-rep')) echo.add('x-rep', value);
      for (const value of call.metadata.get('x-data-bin')) echo.add('x-data-bin', value);
      // And two keys of its own, each twice, so a client that sends no metadata can check it too.
      echo.add('x-fixed', 'one');
      echo.add('x-fixed', 'two, with a comma');
      echo.add('x-fixed-bin', Buffer.from([9, 8, 7]));
      echo.add('x-fixed-bin', Buffer.from([]));
      // What the handler saw goes back in the message too, untouched by how the client reads trailers.
      const sawText = call.metadata.get('x-rep');
      const sawBinary = call.metadata.get('x-data-bin').map((value) => (value as Buffer).toString('hex'));
      return callback({ code: grpc.status.FAILED_PRECONDITION, details: JSON.stringify({ sawText, sawBinary }), metadata: echo });
    }
    if (id.startsWith('big:')) return callback(null, { id: 'big', email: 'x'.repeat(Number(id.slice(4))), createdAt: '' });
    if (id === 'wait') return; // answers nothing: the caller cancels or its deadline passes
    callback(null, { id, email: String(call.metadata.get('x-request-id')[0] ?? ''), createdAt: '' });
  },
};
const pdfHandlers: grpc.UntypedServiceImplementation = {
  ReadPdf(call: grpc.ServerWritableStream<types.ReadPdfRequest, types.PdfChunk>) {
    if (call.request.key === 'missing') {
      call.emit('error', domainStatus(new AppError('PDF_NOT_FOUND')));
      return;
    }
    // Three messages of 1 MiB: more than any flow-control window holds at once.
    for (let index = 0; index < 3; index += 1) call.write({ data: Buffer.alloc(MiB, 65 + index) });
    call.end();
  },
};

interface Peer {
  port: number;
  stop(): Promise<void>;
}

async function ourServer(): Promise<Peer> {
  const server = new GrpcServer({ name: 'ours', address: '127.0.0.1:0', logger });
  const port = await server.start();
  server.serve(
    [
      { name: 'evalplan.v2.AuthService', definition: AuthClient, implementation: authHandlers },
      { name: 'evalplan.v2.PdfService', definition: PdfClient, implementation: pdfHandlers },
    ],
    true,
  );
  return { port, stop: () => server.stop(1_000) };
}

async function grpcJsServer(): Promise<Peer> {
  const server = new grpc.Server();
  server.addService(AuthClient, authHandlers);
  server.addService(PdfClient, pdfHandlers);
  new HealthImplementation({ '': 'SERVING' }).addToServer(server);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return { port, stop: () => new Promise((resolve) => server.tryShutdown(() => resolve())) };
}

describe.each([
  ['our server', ourServer],
  ['a grpc-js server', grpcJsServer],
])('%s', (serverName, startServer) => {
  let peer: Peer;
  let pool: GrpcClientPool<types.AuthServiceClient>;
  let pdfPool: GrpcClientPool<types.PdfServiceClient>;
  let transport: Http2Client;
  let client: types.AuthServiceClient;
  let pdfClient: types.PdfServiceClient;

  beforeAll(async () => {
    peer = await startServer();
    const target = `127.0.0.1:${peer.port}`;
    pool = new GrpcClientPool(AuthClient, { name: 'auth-service', target, connections: 1, deadlineMs: 5_000 });
    pdfPool = new GrpcClientPool(PdfClient, { name: 'pdf-service', target, connections: 1, deadlineMs: 5_000 });
    transport = new Http2Client(target, { connections: 1, maxReceiveBytes: 4 * MiB });
    client = new (grpcJsClient<types.AuthServiceClient>(AuthClient))(target, grpc.credentials.createInsecure());
    pdfClient = new (grpcJsClient<types.PdfServiceClient>(PdfClient))(target, grpc.credentials.createInsecure());
  });
  afterAll(async () => {
    pool.close();
    pdfPool.close();
    transport.close();
    client.close();
    pdfClient.close();
    await peer.stop();
  });

  /** A grpc-js client's unary call, as a promise of the reply or the error. */
  const grpcJsCall = (userId: string, metadata = new grpc.Metadata(), options: grpc.CallOptions = {}) =>
    new Promise<types.User | grpc.ServiceError>((resolve) =>
      client.GetUser({ userId }, metadata, options, (error, reply) => resolve(error ?? reply!)),
    );

  describe('called by our client', () => {
    it('a unary call carries the request id there and the answer back', async () => {
      const user = await pool.unary('GetUser', { userId: 'u1' }, { context: { requestId: 'req-7' } });
      expect(user).toMatchObject({ id: 'u1', email: 'req-7' });
    });

    it('a domain error arrives with its code, its unicode message and its details', async () => {
      await expect(pool.unary('GetUser', { userId: 'missing' })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'No such user — ✓',
        details: { field: 'userId' },
      });
    });

    it('repeated and binary metadata in trailers arrive whole', async () => {
      const method = AuthClient.GetUser as CallMethod;
      const failure = (await transport
        .call(method, { userId: 'echo-metadata' }, { metadata: {}, deadlineMs: 5_000 })
        .catch((error: unknown) => error)) as CallFailure;
      expect(failure.code).toBe(grpc.status.FAILED_PRECONDITION);
      expect(failure.metadata.get('x-fixed')).toEqual(['one', 'two, with a comma']);
      expect(failure.metadata.get('x-fixed-bin')).toEqual([Buffer.from([9, 8, 7]), Buffer.from([])]);
    });

    it('a 3 MiB answer passes; one over the 4 MiB cap fails as too large, and the connection stays usable', async () => {
      expect((await pool.unary('GetUser', { userId: `big:${3 * MiB}` })).email).toHaveLength(3 * MiB);
      await expect(pool.unary('GetUser', { userId: `big:${5 * MiB}` })).rejects.toMatchObject({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'The answer was too large to pass on.',
      });
      expect((await pool.unary('GetUser', { userId: 'after-big' })).id).toBe('after-big');
    });

    it('a request over the server’s 4 MiB cap is refused, and the next call works', async () => {
      await expect(pool.unary('GetUser', { userId: 'x'.repeat(5 * MiB) })).rejects.toBeInstanceOf(AppError);
      expect((await pool.unary('GetUser', { userId: 'after-refused' })).id).toBe('after-refused');
    });

    it('the deadline reaches the handler, and one that passes cancels it', async () => {
      // Long enough that a stall of the busy CI machine (over a second once) cannot eat it; bounded both ways.
      await pool.unary('GetUser', { userId: 'ours-deadline' }, { deadlineMs: 10_000 });
      expect(seen.get('ours-deadline')!.remainingMs).toBeGreaterThan(5_000);
      expect(seen.get('ours-deadline')!.remainingMs).toBeLessThanOrEqual(10_000);
      await expect(pool.unary('GetUser', { userId: 'wait' }, { deadlineMs: 200 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await expect(seen.get('wait')!.cancelled).resolves.toBe(true);
    });

    it('a call its caller abandons is cancelled on the server', async () => {
      seen.delete('wait');
      const controller = new AbortController();
      const pending = pool.unary('GetUser', { userId: 'wait' }, { signal: controller.signal });
      while (!seen.has('wait')) await sleep(5);
      controller.abort();
      await expect(pending).rejects.toMatchObject({ code: 'REQUEST_CANCELLED' });
      await expect(seen.get('wait')!.cancelled).resolves.toBe(true);
    });

    it('a server stream delivers every message in order, and a stream error keeps its code', async () => {
      const sizes: number[] = [];
      const firstBytes: number[] = [];
      for await (const chunk of pdfPool.stream('ReadPdf', { key: 'x' })) {
        sizes.push(chunk.data.length);
        firstBytes.push(chunk.data[0]!);
      }
      expect(sizes).toEqual([MiB, MiB, MiB]);
      expect(firstBytes).toEqual([65, 66, 67]);
      const read = async () => {
        for await (const chunk of pdfPool.stream('ReadPdf', { key: 'missing' })) void chunk;
      };
      await expect(read()).rejects.toMatchObject({ code: 'PDF_NOT_FOUND' });
    });

    it('health: the server answers SERVING', async () => {
      expect(await pool.isServing(2_000)).toBe(true);
    });
  });

  describe('called by a grpc-js client', () => {
    it('a unary call with metadata, and a domain error with its code metadata', async () => {
      const metadata = new grpc.Metadata();
      metadata.set('x-request-id', 'req-9');
      expect(await grpcJsCall('u2', metadata)).toMatchObject({ id: 'u2', email: 'req-9' });
      const error = (await grpcJsCall('missing')) as grpc.ServiceError;
      expect(error.code).toBe(grpc.status.UNAUTHENTICATED);
      expect(error.details).toBe('No such user — ✓');
      expect(error.metadata.get('x-error-code')).toEqual(['UNAUTHORIZED']);
    });

    it('repeated metadata keys and binary values reach the handler whole', async () => {
      const metadata = new grpc.Metadata();
      metadata.add('x-rep', 'a');
      metadata.add('x-rep', 'b');
      metadata.add('x-data-bin', Buffer.from([0, 1, 255]));
      metadata.add('x-data-bin', Buffer.from([2, 3]));
      const error = (await grpcJsCall('echo-metadata', metadata)) as grpc.ServiceError;
      expect(error.code).toBe(grpc.status.FAILED_PRECONDITION);
      const { sawText, sawBinary } = JSON.parse(error.details) as { sawText: string[]; sawBinary: string[] };
      // HTTP lets a repeated header be read as one joined by commas, and grpc-js' server reads it so;
      // ours keeps the values apart. Either way nothing is lost.
      expect(sawText.join(', ')).toBe('a, b');
      if (serverName === 'our server') expect(sawText).toEqual(['a', 'b']);
      expect(sawBinary).toEqual(['0001ff', '0203']);
      // grpc-js' client joins the repeated text trailer the same way; binary values stay apart.
      expect(error.metadata.get('x-data-bin')).toEqual([Buffer.from([0, 1, 255]), Buffer.from([2, 3])]);
    });

    it('large messages: 3 MiB passes both ways, a request over 4 MiB is RESOURCE_EXHAUSTED', async () => {
      expect(((await grpcJsCall(`big:${3 * MiB}`)) as types.User).email).toHaveLength(3 * MiB);
      expect(((await grpcJsCall('y'.repeat(3 * MiB))) as types.User).id).toHaveLength(3 * MiB);
      expect(((await grpcJsCall('z'.repeat(5 * MiB))) as grpc.ServiceError).code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    });

    it('its deadline reaches the handler; its cancellation cancels the handler', async () => {
      await grpcJsCall('grpc-js-deadline', new grpc.Metadata(), { deadline: Date.now() + 10_000 });
      expect(seen.get('grpc-js-deadline')!.remainingMs).toBeGreaterThan(5_000);
      expect(seen.get('grpc-js-deadline')!.remainingMs).toBeLessThanOrEqual(10_000);
      seen.delete('wait');
      const call = client.GetUser({ userId: 'wait' }, () => undefined);
      while (!seen.has('wait')) await sleep(5);
      call.cancel();
      await expect(seen.get('wait')!.cancelled).resolves.toBe(true);
    });

    it('a server stream of 3 MiB, and a stream error with its code metadata', async () => {
      const received: number[] = [];
      for await (const chunk of pdfClient.ReadPdf({ key: 'x' }) as AsyncIterable<types.PdfChunk>) received.push(chunk.data?.length ?? 0);
      expect(received).toEqual([MiB, MiB, MiB]);
      const failure = await new Promise<grpc.ServiceError>((resolve) => {
        const stream = pdfClient.ReadPdf({ key: 'missing' });
        stream.on('data', () => undefined);
        stream.on('error', resolve);
      });
      expect(failure.code).toBe(grpc.status.NOT_FOUND);
      expect(failure.metadata.get('x-error-code')).toEqual(['PDF_NOT_FOUND']);
    });

    it('health: the standard health client gets SERVING', async () => {
      const health = new (grpcJsClient<HealthClient>(protos.health.Health))(`127.0.0.1:${peer.port}`, grpc.credentials.createInsecure());
      const status = await new Promise((resolve, reject) =>
        health.Check({ service: '' }, (error, reply) => (error ? reject(error) : resolve(reply?.status))),
      );
      health.close();
      expect(status).toBe('SERVING');
    });
  });
});
