import { type ChildProcess, spawn } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import path from 'node:path';
import { AppError } from '@evalplan/common/errors';
import { GrpcClientPool } from '@evalplan/common/grpc';
import { loadProtos, type types } from '@evalplan/protos';
import { TestDnsServer } from './helpers/dns-server';
import { freePort } from './helpers/ports';
import { ROOT } from './helpers/process';

/**
 * Our gRPC client against several replicas of one service, each a process
 * of its own (test/fixtures/replica-server.js) that the test stops with
 * SIGTERM or SIGKILL and starts again: calls spread evenly, reads never
 * fail while a replica goes away, a replica that comes back is used again,
 * and a DNS name is followed as its addresses change.
 */
const AuthClient = loadProtos().auth.AuthService;
const PdfClient = loadProtos().pdf.PdfService;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Replica {
  name: string;
  address: string;
  child?: ChildProcess;
}

async function start(replica: Replica, delayMs = 0): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'test/fixtures/replica-server.js'), replica.name, replica.address], {
    cwd: ROOT,
    env: { ...process.env, REPLICA_DELAY_MS: String(delayMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  replica.child = child;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${replica.name} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().startsWith('ready')) resolve();
    });
  });
}

async function stop(replica: Replica, signal: NodeJS.Signals): Promise<void> {
  const child = replica.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Calls every `everyMs` until stopped, counting answers per replica and failures by code. */
function steadyLoad(pool: GrpcClientPool<types.AuthServiceClient>, method: 'GetUser' | 'Login', everyMs: number) {
  const answeredBy = new Map<string, number>();
  const failures: string[] = [];
  const pending = new Set<Promise<void>>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const call: Promise<void> = (
        method === 'GetUser'
          ? pool.unary('GetUser', { userId: 'u' }).then((user) => user.id)
          : pool.unary('Login', { credentials: {}, clientIp: '' }).then((result) => result.accessToken)
      ).then(
        (name) => void answeredBy.set(name, (answeredBy.get(name) ?? 0) + 1),
        (error: unknown) => void failures.push(error instanceof AppError ? error.code : String(error)),
      );
      pending.add(call);
      void call.finally(() => pending.delete(call));
      await sleep(everyMs);
    }
  })();
  return {
    answeredBy,
    failures,
    async end() {
      running = false;
      await loop;
      await Promise.all(pending);
    },
  };
}

describe('several replicas behind one target', () => {
  const replicas: Replica[] = [];
  let pool: GrpcClientPool<types.AuthServiceClient>;

  beforeAll(async () => {
    for (const name of ['a', 'b', 'c']) replicas.push({ name, address: `127.0.0.1:${await freePort()}` });
    await Promise.all(replicas.map((replica) => start(replica, 2)));
    pool = new GrpcClientPool(AuthClient, {
      name: 'auth-service',
      target: replicas.map((replica) => replica.address).join(','),
      connections: 1,
      deadlineMs: 5_000,
    });
  }, 30_000);
  afterAll(async () => {
    pool?.close();
    await Promise.all(replicas.map((replica) => stop(replica, 'SIGKILL')));
  });

  it('spreads calls round-robin: each replica within 20 % of an even share', async () => {
    const load = steadyLoad(pool, 'GetUser', 2);
    await sleep(1_500);
    await load.end();
    const total = [...load.answeredBy.values()].reduce((sum, count) => sum + count, 0);
    expect(load.failures).toEqual([]);
    expect(total).toBeGreaterThan(150);
    for (const replica of replicas) {
      expect(Math.abs((load.answeredBy.get(replica.name) ?? 0) - total / 3)).toBeLessThanOrEqual(0.2 * (total / 3));
    }
  });

  it('spreads server streams over the replicas too', async () => {
    const streams = new GrpcClientPool<types.PdfServiceClient>(PdfClient, {
      name: 'pdf-service',
      target: replicas.map((replica) => replica.address).join(','),
      connections: 1,
      deadlineMs: 5_000,
    });
    try {
      const names = new Set<string>();
      for (let index = 0; index < 12; index += 1) {
        for await (const chunk of streams.stream('ReadPdf', { key: 'k' })) if (chunk.fileName) names.add(chunk.fileName);
      }
      expect(names).toEqual(new Set(['a.pdf', 'b.pdf', 'c.pdf']));
    } finally {
      streams.close();
    }
  });

  it.each<[NodeJS.Signals, string]>([
    ['SIGTERM', 'stops gracefully (GOAWAY, calls in flight finish)'],
    ['SIGKILL', 'is killed'],
  ])(
    'while a replica %s … %s: reads never fail, writes fail only as SERVICE_UNAVAILABLE; it is used again once back',
    async (signal) => {
      const reads = steadyLoad(pool, 'GetUser', 3);
      const writes = steadyLoad(pool, 'Login', 7);
      await sleep(300);
      const victim = replicas[1]!;
      await stop(victim, signal);
      await sleep(600);
      const whileDown = reads.answeredBy.get(victim.name) ?? 0;
      await sleep(600);
      // Out of rotation: no more answers from it.
      expect(reads.answeredBy.get(victim.name) ?? 0).toBe(whileDown);
      await start(victim, 2);
      // Probed back in within the backoff (at most 2 s) plus a probe.
      await sleep(3_000);
      await Promise.all([reads.end(), writes.end()]);
      expect(reads.failures).toEqual([]);
      // A write in flight on a killed replica may be lost with it; it is answered as unavailable, never as anything else.
      for (const code of writes.failures) expect(code).toBe('SERVICE_UNAVAILABLE');
      if (signal === 'SIGTERM') expect(writes.failures).toEqual([]);
      expect(reads.answeredBy.get(victim.name) ?? 0).toBeGreaterThan(whileDown);
    },
    30_000,
  );
});

describe('a DNS name that resolves to several replicas', () => {
  const dns = new TestDnsServer();
  const replicas: Replica[] = [];
  let pool: GrpcClientPool<types.AuthServiceClient>;
  let port: number;

  beforeAll(async () => {
    await dns.start();
    port = await freePort();
    // Same port on three loopback addresses, as pods of one headless Service share their port.
    for (const [index, name] of ['x', 'y', 'z'].entries()) replicas.push({ name, address: `127.0.0.${index + 1}:${port}` });
    await Promise.all(replicas.map((replica) => start(replica)));
    dns.records.set('auth.evalplan.test', ['127.0.0.1', '127.0.0.2']);
    const resolver = new Resolver({ timeout: 1_000, tries: 1 });
    resolver.setServers([dns.address]);
    pool = new GrpcClientPool(AuthClient, {
      name: 'auth-service',
      target: `auth.evalplan.test:${port}`,
      connections: 1,
      deadlineMs: 5_000,
      resolve: (host) => resolver.resolve4(host),
      resolveIntervalMs: 300,
    });
  }, 30_000);
  afterAll(async () => {
    pool?.close();
    await Promise.all(replicas.map((replica) => stop(replica, 'SIGKILL')));
    await dns.stop();
  });

  const namesAnswering = async (calls: number): Promise<Set<string>> => {
    const names = new Set<string>();
    for (let index = 0; index < calls; index += 1) names.add((await pool.unary('GetUser', { userId: 'u' })).id);
    return names;
  };

  it('spreads calls over every address the name has, and follows the name as pods come and go', async () => {
    expect(await namesAnswering(20)).toEqual(new Set(['x', 'y']));
    // A pod is added: found at the next resolution.
    dns.records.set('auth.evalplan.test', ['127.0.0.1', '127.0.0.2', '127.0.0.3']);
    await sleep(800);
    expect(await namesAnswering(30)).toEqual(new Set(['x', 'y', 'z']));
    // A pod is removed from the Service: no call goes to it any more, though it still runs.
    dns.records.set('auth.evalplan.test', ['127.0.0.2', '127.0.0.3']);
    await sleep(800);
    expect(await namesAnswering(30)).toEqual(new Set(['y', 'z']));
  });

  it('a replica killed before the DNS notices is skipped at once: no call fails', async () => {
    await stop(replicas[2]!, 'SIGKILL');
    const names = await namesAnswering(30);
    expect(names).toEqual(new Set(['y']));
  });

  it('while the DNS does not answer, the addresses it gave last are kept', async () => {
    const before = dns.queries;
    await dns.stop();
    await sleep(800);
    expect(await namesAnswering(10)).toEqual(new Set(['y']));
    expect(dns.queries).toBe(before);
    await dns.start();
  });
});
