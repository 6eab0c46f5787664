import * as grpc from '@grpc/grpc-js';
import { loadProtos, type types } from '@evalplan/protos';
import { grpcJsClient } from '../../../../test/helpers/grpc-js';
import { AppError } from '../../errors/app-error';
import { createLogger } from '../../logging/logger';
import { type CallOptions, GrpcClientPool } from './client-pool';
import { LocalServices } from '../transport/local-services';
import { bindService, type CallContext, GrpcServer } from './server';

const logger = createLogger({ name: 'test', level: 'silent' });
const { AuthService } = loadProtos().auth;
const Client = AuthService;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the handler saw of its call, by the user id the test sent. */
interface Seen {
  deadline?: number;
  remainingMs?: number;
  aborted?: Promise<number>;
  downstreamRemainingMs?: number;
}

/**
 * Two servers of the same service: "front" handles GetUser and, for ids
 * "relay:…", calls "back" with its own context, as wizard-service and
 * pdf-service call each other. Every handler writes down what it saw.
 */
describe('deadlines and cancellation across calls', () => {
  const seen = new Map<string, Seen>();
  const local = new LocalServices();
  let front: GrpcServer;
  let back: GrpcServer;
  let toFront: GrpcClientPool<types.AuthServiceClient>;
  let toFrontInProcess: GrpcClientPool<types.AuthServiceClient>;
  let frontToBack: GrpcClientPool<types.AuthServiceClient>;
  let backCalls = 0;

  /** Notes the call's deadline under `key` and, for "wait:…" ids, waits until its signal aborts (or 5 s). */
  async function observe(key: string, userId: string, context: CallContext): Promise<void> {
    const entry: Seen = {
      deadline: context.deadline,
      remainingMs: context.deadline === undefined ? undefined : context.deadline - Date.now(),
    };
    seen.set(key, entry);
    if (!userId.startsWith('wait:')) return;
    const startedAt = Date.now();
    entry.aborted = new Promise((resolve) => context.signal!.addEventListener('abort', () => resolve(Date.now() - startedAt)));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([entry.aborted, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
    clearTimeout(timer);
    if (context.signal!.aborted) throw new Error('stopped: the caller is gone');
  }

  function serverOf(name: string, handler: (request: types.GetUserRequest, context: CallContext) => Promise<types.User>) {
    const server = new GrpcServer({ name, address: '127.0.0.1:0', logger });
    const implementation = bindService<types.AuthServiceHandlers>('AuthService', AuthService, { GetUser: handler }, { logger });
    return {
      server,
      serve: () => server.serve([{ name: 'evalplan.v2.AuthService', definition: AuthService, implementation }], true),
    };
  }

  beforeAll(async () => {
    const backServer = serverOf('back', async (request, context) => {
      backCalls += 1;
      const userId = request.userId ?? '';
      await observe(`back:${userId}`, userId, context);
      return { id: userId, email: '', createdAt: '' };
    });
    back = backServer.server;
    const backPort = await back.start();
    backServer.serve();
    frontToBack = new GrpcClientPool(Client, { name: 'back', target: `127.0.0.1:${backPort}`, connections: 1, deadlineMs: 10_000 });

    const frontServer = serverOf('front', async (request, context) => {
      const userId = request.userId ?? '';
      await observe(userId, userId, context);
      if (userId.startsWith('relay:')) {
        const [, delay, ...id] = userId.split(':');
        await sleep(Number(delay));
        await frontToBack.unary('GetUser', { userId: id.join(':') }, { context });
      }
      return { id: userId, email: '', createdAt: '' };
    });
    front = frontServer.server;
    const frontPort = await front.start();
    frontServer.serve();
    local.register('front', front);
    toFront = new GrpcClientPool(Client, { name: 'front', target: `127.0.0.1:${frontPort}`, connections: 1, deadlineMs: 10_000 });
    toFrontInProcess = new GrpcClientPool(Client, { name: 'front', target: 'unused', connections: 1, deadlineMs: 10_000, local });
  });
  afterAll(async () => {
    toFront.close();
    toFrontInProcess.close();
    frontToBack.close();
    await front.stop(1_000);
    await back.stop(1_000);
  });

  const call = (pool: GrpcClientPool<types.AuthServiceClient>, userId: string, options?: CallOptions) =>
    pool.unary('GetUser', { userId }, options).then(
      () => undefined,
      (error: unknown) => error as AppError,
    );

  describe.each([
    ['over HTTP/2', () => toFront],
    ['in process', () => toFrontInProcess],
  ])('%s', (transport, pool) => {
    it('the handler sees the deadline its caller set, not an endless one', async () => {
      await call(pool(), `plain-${transport}`, { deadlineMs: 3_000 });
      const entry = seen.get(`plain-${transport}`)!;
      expect(entry.remainingMs).toBeGreaterThan(2_000);
      expect(entry.remainingMs).toBeLessThanOrEqual(3_000);
    });

    it('a deadline that passes answers DEADLINE_EXCEEDED to the caller and aborts the handler’s signal', async () => {
      const id = `wait:deadline-${transport}`;
      const startedAt = Date.now();
      const error = await call(pool(), id, { deadlineMs: 300 });
      expect(error).toBeInstanceOf(AppError);
      expect(error!.code).toBe('SERVICE_UNAVAILABLE');
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      // The handler learns of it too, instead of working on for 5 s.
      await expect(seen.get(id)!.aborted).resolves.toBeLessThan(2_000);
    });

    it('a caller that aborts cancels the call: REQUEST_CANCELLED to it, and the handler’s signal aborts', async () => {
      const id = `wait:abort-${transport}`;
      const controller = new AbortController();
      const pending = call(pool(), id, { signal: controller.signal });
      while (!seen.has(id)) await sleep(5);
      controller.abort();
      const error = await pending;
      expect(error!.code).toBe('REQUEST_CANCELLED');
      await expect(seen.get(id)!.aborted).resolves.toBeLessThan(2_000);
    });

    it('a handler’s own call gets what is left of its deadline, never the callee’s longer default', async () => {
      const id = `relay:200:left-${transport}`;
      await call(pool(), id, { deadlineMs: 1_000 });
      const downstream = seen.get(`back:left-${transport}`)!;
      // 1 s minus the 200 ms the handler waited, against the 10 s the pool to "back" would give (a timer may fire a
      // millisecond early and grpc-timeout is rounded up to whole milliseconds: a few ms of slack).
      expect(downstream.remainingMs).toBeGreaterThan(0);
      expect(downstream.remainingMs).toBeLessThanOrEqual(805);
    });

    it('a cancelled caller cancels the calls its handler made on its behalf', async () => {
      const id = `relay:0:wait:chain-${transport}`;
      const controller = new AbortController();
      const pending = call(pool(), id, { signal: controller.signal });
      while (!seen.has(`back:wait:chain-${transport}`)) await sleep(5);
      controller.abort();
      expect((await pending)!.code).toBe('REQUEST_CANCELLED');
      await expect(seen.get(`back:wait:chain-${transport}`)!.aborted).resolves.toBeLessThan(2_000);
    });
  });

  it('a call with no time left is not sent at all', async () => {
    const before = backCalls;
    // The front handler waits 400 ms of the 300 it was given, then calls "back": nothing is left for it.
    const error = await call(toFront, 'relay:400:never', { deadlineMs: 300 });
    expect(error!.code).toBe('SERVICE_UNAVAILABLE');
    await sleep(200);
    expect(backCalls).toBe(before);
  });

  it('a standard grpc-js client’s deadline reaches the handler', async () => {
    const client = new (grpcJsClient<types.AuthServiceClient>(Client))(`127.0.0.1:${front.boundPort}`, grpc.credentials.createInsecure());
    try {
      await new Promise<void>((resolve, reject) =>
        client.GetUser({ userId: 'grpc-js-deadline' }, new grpc.Metadata(), { deadline: Date.now() + 1_500 }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
      expect(seen.get('grpc-js-deadline')!.remainingMs).toBeGreaterThan(500);
      expect(seen.get('grpc-js-deadline')!.remainingMs).toBeLessThanOrEqual(1_500);
      // And a cancellation from it stops the handler.
      const pending = client.GetUser({ userId: 'wait:grpc-js-cancel' }, () => undefined);
      while (!seen.has('wait:grpc-js-cancel')) await sleep(5);
      pending.cancel();
      await expect(seen.get('wait:grpc-js-cancel')!.aborted).resolves.toBeLessThan(2_000);
    } finally {
      client.close();
    }
  });
});

describe('a drain after a caller left', () => {
  it('waits for the handler of a cancelled call to finish before the server counts as drained', async () => {
    let handlerDoneAt = 0;
    let handlerStarted!: () => void;
    const started = new Promise<void>((resolve) => (handlerStarted = resolve));
    const server = new GrpcServer({ name: 'draining', address: '127.0.0.1:0', logger });
    const port = await server.start();
    const implementation = bindService<types.AuthServiceHandlers>(
      'AuthService',
      AuthService,
      {
        // Work that does not look at its signal (a database write already sent), finishing 400 ms after it began.
        GetUser: async (request) => {
          handlerStarted();
          await sleep(400);
          handlerDoneAt = Date.now();
          return { id: request.userId, email: '', createdAt: '' };
        },
      },
      { logger },
    );
    server.serve([{ name: 'evalplan.v2.AuthService', definition: AuthService, implementation }], true);
    const pool = new GrpcClientPool<types.AuthServiceClient>(Client, {
      name: 'draining',
      target: `127.0.0.1:${port}`,
      connections: 1,
      deadlineMs: 5_000,
    });
    try {
      const caller = new AbortController();
      const call = pool.unary('GetUser', { userId: 'left' }, { signal: caller.signal });
      await started;
      caller.abort();
      await expect(call).rejects.toMatchObject({ code: 'REQUEST_CANCELLED' });
      await server.stop(5_000);
      // Before, the cancelled call counted as done: the drain ended at once and the process closed its database
      // under the running handler.
      expect(handlerDoneAt).toBeGreaterThan(0);
    } finally {
      pool.close();
    }
  });
});
