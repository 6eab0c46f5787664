import { loadProtos, type types } from '@evalplan/protos';
import { TcpProxy } from '../../../../test/helpers/tcp-proxy';
import { createLogger } from '../../logging/logger';
import { GrpcClientPool } from '../rpc/client-pool';
import { bindService, GrpcServer } from '../rpc/server';

/**
 * A replica that vanishes without a word: its connection stays open but
 * carries nothing (TcpProxy.freeze), and new connections to it are accepted
 * and never answered, as when a node loses power or a firewall drops the
 * flow. Keepalive pings find the dead connection, the connect timeout the
 * dead address, and calls go to the replica that is alive instead of
 * waiting for their deadline.
 */
const logger = createLogger({ name: 'test', level: 'silent' });
const { AuthService } = loadProtos().auth;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function replica(name: string): Promise<{ server: GrpcServer; port: number }> {
  const server = new GrpcServer({ name, address: '127.0.0.1:0', logger });
  const port = await server.start();
  const implementation = bindService<types.AuthServiceHandlers>(
    'AuthService',
    AuthService,
    {
      GetUser: async () => ({ id: name, email: '', createdAt: '' }),
      Login: async () => ({ accessToken: name, refreshToken: '' }),
    },
    { logger },
  );
  server.serve([{ name: 'evalplan.v2.AuthService', definition: AuthService, implementation }], true);
  return { server, port };
}

describe('a replica that vanishes without closing its connections', () => {
  let a: { server: GrpcServer; port: number };
  let b: { server: GrpcServer; port: number };
  let proxy: TcpProxy;

  beforeEach(async () => {
    a = await replica('a');
    b = await replica('b');
    proxy = new TcpProxy('127.0.0.1', a.port);
    await proxy.start();
  });
  afterEach(async () => {
    await proxy.stop();
    await a.server.stop(500);
    await b.server.stop(500);
  });

  const poolWith = (liveness: { connectTimeoutMs: number; pingIntervalMs: number; pingTimeoutMs: number }) =>
    new GrpcClientPool<types.AuthServiceClient>(AuthService, {
      name: 'auth-service',
      target: `127.0.0.1:${proxy.port},127.0.0.1:${b.port}`,
      connections: 1,
      // Long enough that a call stuck on the dead replica would plainly fail rather than be answered late.
      deadlineMs: 4_000,
      liveness,
    });

  /**
   * The precondition of each test: both replicas connected and answering. On a loaded machine the first
   * connection through the relay can miss its 300 ms connect timeout and be retried, so this waits for it.
   */
  async function bothAnswering(pool: GrpcClientPool<types.AuthServiceClient>): Promise<Set<string>> {
    let seen = new Set<string>();
    for (let attempt = 0; attempt < 30 && seen.size < 2; attempt += 1) {
      seen = new Set([...seen, ...(await answers(pool, 4))]);
      if (seen.size < 2) await sleep(100);
    }
    return seen;
  }

  async function answers(pool: GrpcClientPool<types.AuthServiceClient>, count: number): Promise<string[]> {
    const settled = await Promise.allSettled(Array.from({ length: count }, () => pool.unary('GetUser', { userId: 'u' })));
    return settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.id : (outcome.reason as { code: string }).code));
  }

  it('keepalive pings drop the dead connection and the connect timeout takes the address out: every call is answered by the live replica', async () => {
    const pool = poolWith({ connectTimeoutMs: 300, pingIntervalMs: 200, pingTimeoutMs: 200 });
    try {
      expect(await bothAnswering(pool)).toEqual(new Set(['a', 'b']));
      proxy.freeze();
      // A ping is sent within 200 ms and unanswered 200 ms later: the connection is dropped.
      await sleep(700);
      expect(await answers(pool, 6)).toEqual(['b', 'b', 'b', 'b', 'b', 'b']);
      expect(await answers(pool, 6)).toEqual(['b', 'b', 'b', 'b', 'b', 'b']);
    } finally {
      pool.close();
    }
  });

  it('a new connection the peer never takes up (TCP accepted, no HTTP/2 answer) fails its calls as unsent: even writes go to the live replica', async () => {
    // Frozen before the first connection: the relay accepts and never forwards, as a hung process or a black-holed
    // address would. Pings play no part (one a minute); the connect timeout does.
    proxy.freeze();
    const pool = poolWith({ connectTimeoutMs: 300, pingIntervalMs: 60_000, pingTimeoutMs: 60_000 });
    try {
      const logins = await Promise.allSettled(Array.from({ length: 6 }, () => pool.unary('Login', { credentials: {}, clientIp: '' })));
      expect(
        logins.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.accessToken : (outcome.reason as { code: string }).code)),
      ).toEqual(['b', 'b', 'b', 'b', 'b', 'b']);
    } finally {
      pool.close();
    }
  });

  it('without keepalive pings, calls sent on the dead connection wait out their deadline (what the pings prevent)', async () => {
    const pool = poolWith({ connectTimeoutMs: 300, pingIntervalMs: 60_000, pingTimeoutMs: 60_000 });
    try {
      expect(await bothAnswering(pool)).toEqual(new Set(['a', 'b']));
      proxy.freeze();
      await sleep(700);
      expect(await answers(pool, 2)).toEqual(expect.arrayContaining(['b', 'SERVICE_UNAVAILABLE']));
    } finally {
      pool.close();
    }
  }, 15_000);
});
