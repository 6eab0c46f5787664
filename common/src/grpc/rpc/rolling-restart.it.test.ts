import type * as grpc from '@grpc/grpc-js';
import { loadProtos, type types } from '@evalplan/protos';
import { createLogger } from '../../logging/logger';
import { GrpcClientPool } from './client-pool';
import { bindService, GrpcServer } from './server';

/**
 * A rolling restart as an orchestrator does it, against our client with two
 * replicas in one target: one replica is stopped and started again on the
 * same port, and its sibling is stopped as soon as the restarted one reports
 * SERVING, before the client's backoff would have brought it back. Unary
 * calls and server streams must not fail on the way, and a replica that is
 * still starting must not be handed calls it cannot serve.
 */
const logger = createLogger({ name: 'test', level: 'silent' });
const { AuthService } = loadProtos().auth;
const { PdfService } = loadProtos().pdf;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Replica {
  name: string;
  port: number;
  server?: GrpcServer;
}

/** A replica answering GetUser and Login with its own name, and ReadPdf with one chunk. */
async function start(replica: Replica, options: { serve?: boolean } = {}): Promise<void> {
  const server = new GrpcServer({ name: replica.name, address: `127.0.0.1:${replica.port}`, logger });
  replica.port = await server.start();
  replica.server = server;
  if (options.serve === false) return;
  serve(replica);
}

function serve(replica: Replica): void {
  const auth = bindService<types.AuthServiceHandlers>(
    'AuthService',
    AuthService,
    {
      GetUser: async () => ({ id: replica.name, email: '', createdAt: '' }),
      Login: async () => ({ accessToken: replica.name, refreshToken: '' }),
    },
    { logger },
  );
  const pdf = {
    ReadPdf(call: grpc.ServerWritableStream<types.ReadPdfRequest, types.PdfChunk>) {
      call.write({ size: 3, fileName: replica.name });
      call.end();
    },
  };
  replica.server!.serve(
    [
      { name: 'evalplan.v2.AuthService', definition: AuthService, implementation: auth },
      { name: 'evalplan.v2.PdfService', definition: PdfService, implementation: pdf as grpc.UntypedServiceImplementation },
    ],
    true,
  );
}

async function stop(replica: Replica): Promise<void> {
  await replica.server?.stop(1_000);
  replica.server = undefined;
}

describe('rolling restart of two replicas behind one target', () => {
  const a: Replica = { name: 'a', port: 0 };
  const b: Replica = { name: 'b', port: 0 };
  let auth: GrpcClientPool<types.AuthServiceClient>;
  let pdf: GrpcClientPool<types.PdfServiceClient>;

  beforeEach(async () => {
    a.port = 0;
    b.port = 0;
    await start(a);
    await start(b);
    const target = `127.0.0.1:${a.port},127.0.0.1:${b.port}`;
    const options = { target, connections: 1, deadlineMs: 2_000 };
    auth = new GrpcClientPool(AuthService, { name: 'auth-service', ...options });
    pdf = new GrpcClientPool(PdfService, { name: 'pdf-service', ...options });
  });
  afterEach(async () => {
    auth.close();
    pdf.close();
    await stop(a);
    await stop(b);
  });

  const answeredBy = async (count: number): Promise<string[]> => {
    const names: string[] = [];
    for (let i = 0; i < count; i += 1) names.push((await auth.unary('GetUser', { userId: 'u' })).id);
    return names;
  };

  async function readPdf(options: { deadlineMs?: number; signal?: AbortSignal } = {}): Promise<string> {
    let name = '';
    for await (const chunk of pdf.stream('ReadPdf', { key: 'k' }, options)) name ||= chunk.fileName;
    return name;
  }

  it('the sibling stopped right after the restarted replica serves again: no call fails, and all go to the restarted one', async () => {
    expect(new Set(await answeredBy(4))).toEqual(new Set(['a', 'b']));
    await stop(a);
    // The client finds a gone and takes it out of rotation, with a backoff that grows while a stays down.
    expect(await answeredBy(6)).toEqual(['b', 'b', 'b', 'b', 'b', 'b']);
    await sleep(400);
    expect(await answeredBy(2)).toEqual(['b', 'b']);
    await start(a);
    await stop(b);
    // Before, the calls failed until a's backoff ended (up to 2 s): no endpoint was in rotation.
    expect(await answeredBy(2)).toEqual(['a', 'a']);
    await expect(auth.unary('Login', { credentials: {}, clientIp: '' })).resolves.toMatchObject({ accessToken: 'a' });
  });

  it('a server stream waits for a replica that is reconnecting instead of failing', async () => {
    expect(await readPdf()).toMatch(/^[ab]$/);
    await stop(a);
    await stop(b);
    const reading = readPdf();
    await sleep(300);
    await start(a);
    await expect(reading).resolves.toBe('a');
  });

  it('a long stream no replica can take fails as SERVICE_UNAVAILABLE once the pool deadline (2 s) has passed, not its own', async () => {
    await stop(a);
    await stop(b);
    const startedAt = Date.now();
    // A download's own deadline is long (minutes): the wait for a replica is the pool's.
    await expect(readPdf({ deadlineMs: 60_000 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - startedAt).toBeLessThan(30_000);
  }, 40_000);

  it('a stream waiting for a replica whose caller gives up ends as REQUEST_CANCELLED', async () => {
    await stop(a);
    await stop(b);
    const caller = new AbortController();
    const reading = readPdf({ deadlineMs: 60_000, signal: caller.signal });
    await sleep(100);
    caller.abort();
    await expect(reading).rejects.toMatchObject({ code: 'REQUEST_CANCELLED' });
  });

  it('a replica that listens but is still starting gets no call it cannot serve, not even a write', async () => {
    await stop(a);
    await start(a, { serve: false });
    // a refuses every call unprocessed until it serves: each is sent to b, a is taken out of rotation.
    expect(await answeredBy(4)).toEqual(['b', 'b', 'b', 'b']);
    for (let i = 0; i < 4; i += 1) {
      await expect(auth.unary('Login', { credentials: {}, clientIp: '' })).resolves.toMatchObject({ accessToken: 'b' });
    }
    serve(a);
    await sleep(2_500);
    expect(new Set(await answeredBy(4))).toEqual(new Set(['a', 'b']));
  });
});
