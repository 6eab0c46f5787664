import http from 'node:http';
import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { type HealthClient, loadProtos } from '@evalplan/protos';
import { grpcJsClient } from './helpers/grpc-js';
import { openDatabase } from '@evalplan/common/db';
import { createLogger } from '@evalplan/common/logging';
import { EPHEMERAL_PORTS_ENV } from '@evalplan/stack';
import { baseEnv, freshDataDir, testEnv } from './helpers/env';
import { freePort } from './helpers/ports';
import { npmStartNodeFlags, runEntry, type Running } from './helpers/process';
import { TcpProxy } from './helpers/tcp-proxy';

const quietLogger = createLogger({ name: 'test', level: 'silent' });
const running: Running[] = [];
afterEach(() => {
  for (const r of running.splice(0)) if (r.child.exitCode === null) r.child.kill('SIGKILL');
});

function start(entry: string, env: Record<string, string | undefined>, nodeFlags: readonly string[] = []): Running {
  const r = runEntry(entry, env, nodeFlags);
  running.push(r);
  return r;
}

async function grpcHealth(port: number, service = ''): Promise<string> {
  const { Health } = loadProtos().health;
  const client = new (grpcJsClient<HealthClient>(Health))(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  try {
    return await new Promise((resolve, reject) =>
      client.Check({ service }, { deadline: Date.now() + 3_000 }, (error, response) =>
        error ? reject(error) : resolve(String(response?.status)),
      ),
    );
  } finally {
    client.close();
  }
}

describe('npm start: all five components in one process on embedded defaults', () => {
  it('answers /health and /ready, and stops cleanly on SIGTERM', async () => {
    // No DATABASE_URL, no REDIS_URL: PGlite under DATA_DIR and the in-process store.
    const dataDir = await freshDataDir();
    const app = start('stack/dist/main.js', { DATA_DIR: dataDir, ...EPHEMERAL_PORTS_ENV }, npmStartNodeFlags());
    // How fast it starts is measured, not asserted here: under the rest of the suite's load the same build took
    // 4-16 s to listen (about 4 s on an idle machine), most of it node and PGlite booting. A start that hangs fails.
    const listening = await app.waitForLog((l) => l.msg === 'gateway listening', 45_000);
    const health = await fetch(`http://127.0.0.1:${String(listening.port)}/health`);
    expect(health.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${String(listening.port)}/ready`).then((r) => r.json())) as unknown).toEqual({
      status: 'ok',
      database: 'ok',
      cache: 'ok',
      services: { auth: 'ok', wizard: 'ok', pdf: 'ok', activity: 'ok' },
    });
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain('"msg":"stopped"');
    // npm start gives V8 the flag that keeps the embedded database's start-up memory low, so nothing to warn of.
    expect(npmStartNodeFlags()).toContain('--liftoff-only');
    expect(app.output()).not.toContain('started without');
  });

  it("warns when started without the flag that bounds the embedded database's memory", async () => {
    const app = start('stack/dist/main.js', { DATA_DIR: await freshDataDir(), ...EPHEMERAL_PORTS_ENV });
    const warning = await app.waitForLog((l) => typeof l.msg === 'string' && l.msg.startsWith('started without --liftoff-only'), 45_000);
    expect(warning.level).toBe('warn');
    await app.waitForLog((l) => l.msg === 'gateway listening', 45_000);
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
  });
});

describe('each component starts alone', () => {
  it.each([
    ['auth-service', 'AUTH_SERVICE_ADDR', 'evalplan.v2.AuthService'],
    ['wizard-service', 'WIZARD_SERVICE_ADDR', 'evalplan.v2.WizardService'],
    ['pdf-service', 'PDF_SERVICE_ADDR', 'evalplan.v2.PdfService'],
    ['activity-service', 'ACTIVITY_SERVICE_ADDR', 'evalplan.v2.ActivityService'],
  ])('%s serves grpc.health.v1 and exits 0 on SIGTERM', async (folder, addrVar, serviceName) => {
    const service = start(`${folder}/dist/main.js`, {
      DATABASE_URL: testEnv.databaseUrl,
      REDIS_URL: testEnv.redisUrl,
      [addrVar]: '127.0.0.1:0',
    });
    const listening = await service.waitForLog((l) => l.msg === `${folder} listening`);
    const port = Number(listening.port);
    // It listens before its database is checked and migrated; a liveness probe passes at once, readiness follows.
    expect(await grpcHealth(port, 'liveness')).toBe('SERVING');
    await service.waitForLog((l) => l.msg === 'ready to serve');
    expect(await grpcHealth(port)).toBe('SERVING');
    expect(await grpcHealth(port, serviceName)).toBe('SERVING');
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });

  it('the gateway serves HTTP alone and exits 0 on SIGINT', async () => {
    const gateway = start('gateway/dist/main.js', {
      DATABASE_URL: testEnv.databaseUrl,
      REDIS_URL: testEnv.redisUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      // Not the default address: another evalplan on this machine may be listening there.
      AUTH_SERVICE_TARGET: `127.0.0.1:${String(await freePort())}`,
    });
    const listening = await gateway.waitForLog((l) => l.msg === 'gateway listening');
    const res = await fetch(`http://127.0.0.1:${String(listening.port)}/api/v1/ping`);
    expect(await res.json()).toEqual({ message: 'pong' });
    // No auth-service is running: its routes answer 503, they do not hang.
    const login = await fetch(`http://127.0.0.1:${String(listening.port)}/api/v1/auth/login`, { method: 'POST' });
    expect(login.status).toBe(503);
    gateway.child.kill('SIGINT');
    expect(await gateway.exited).toBe(0);
  });
});

describe('start-up before the database is there', () => {
  it('a service answers liveness at once, waits for PostgreSQL with backoff, and serves when it comes', async () => {
    const port = await freePort();
    const proxy = TcpProxy.forUrl(testEnv.databaseUrl);
    const service = start('auth-service/dist/main.js', {
      LOG_LEVEL: 'info',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${String(port)}${new URL(testEnv.databaseUrl).pathname}`,
      REDIS_URL: testEnv.redisUrl,
      AUTH_SERVICE_ADDR: '127.0.0.1:0',
    });
    try {
      const grpcPort = Number((await service.waitForLog((l) => l.msg === 'auth-service listening')).port);
      await service.waitForLog((l) => l.msg === 'PostgreSQL not reachable yet; retrying' && l.attempt === 2);
      expect(await grpcHealth(grpcPort, 'liveness')).toBe('SERVING');
      expect(await grpcHealth(grpcPort)).toBe('NOT_SERVING');
      await proxy.start(port);
      await service.waitForLog((l) => l.msg === 'ready to serve');
      expect(await grpcHealth(grpcPort)).toBe('SERVING');
      expect(service.child.exitCode).toBeNull();
    } finally {
      await proxy.stop();
    }
  });

  it('the gateway needs no database: /health at once, and /ready reports the database as the services see it', async () => {
    const authAddress = `127.0.0.1:${String(await freePort())}`;
    const gateway = start('gateway/dist/main.js', {
      LOG_LEVEL: 'info',
      // Nothing listens there: the gateway must not need it.
      DATABASE_URL: `postgres://postgres@127.0.0.1:${String(await freePort())}/nowhere`,
      REDIS_URL: testEnv.redisUrl,
      AUTH_SERVICE_TARGET: authAddress,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const url = `http://127.0.0.1:${String((await gateway.waitForLog((l) => l.msg === 'gateway listening')).port)}`;
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const readyNow = async () => (await (await fetch(`${url}/ready`)).json()) as { database: string; cache: string };
    // No service answers: nobody can say the database is there.
    expect(await readyNow()).toMatchObject({ database: 'error', cache: 'ok' });
    const auth = start('auth-service/dist/main.js', {
      DATABASE_URL: testEnv.databaseUrl,
      REDIS_URL: testEnv.redisUrl,
      AUTH_SERVICE_ADDR: authAddress,
      LOG_LEVEL: 'info',
    });
    await auth.waitForLog((l) => l.msg === 'ready to serve');
    // auth-service reports its PostgreSQL reachable (the other services are not running here).
    expect(await readyNow()).toMatchObject({ database: 'ok', cache: 'ok', services: { auth: 'ok', wizard: 'error' } });
    expect(gateway.output()).not.toContain('PostgreSQL');
  });

  it('gives up with one clear message and exit code 1 when the database never comes', async () => {
    const service = start('wizard-service/dist/main.js', {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${String(await freePort())}/evalplan`,
      WIZARD_SERVICE_ADDR: '127.0.0.1:0',
      DEPENDENCY_WAIT_TIMEOUT: '2s',
      DEPENDENCY_RETRY_MAX_DELAY: '500ms',
    });
    expect(await service.exited).toBe(1);
    expect(service.output()).toMatch(
      /wizard-service failed to start: PostgreSQL was not reachable within 2 s \(last error: .*ECONNREFUSED/,
    );
  });

  it('stops at once on SIGTERM while it still waits', async () => {
    const service = start('activity-service/dist/main.js', {
      LOG_LEVEL: 'info',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${String(await freePort())}/evalplan`,
      ACTIVITY_SERVICE_ADDR: '127.0.0.1:0',
    });
    await service.waitForLog((l) => l.msg === 'PostgreSQL not reachable yet; retrying');
    const signalledAt = Date.now();
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(3_000);
  });
});

describe('configuration', () => {
  it('refuses to start with one message listing every problem', async () => {
    const gateway = start('gateway/dist/main.js', {
      PORT: 'eighty',
      REDIS_URL: 'mysql://nope',
      // The gateway has no database and no storage: settings of those are not its to read.
      DATABASE_URL: 'mysql://nope',
      S3_ENDPOINT: 'http://minio:9000',
      ACCESS_TOKEN_TTL: 'forever',
      NODE_ENV: 'production',
    });
    expect(await gateway.exited).toBe(1);
    const output = gateway.output();
    expect(output).toContain('PORT must be a whole number');
    expect(output).toContain('REDIS_URL must use redis: or rediss:');
    expect(output).not.toContain('DATABASE_URL');
    expect(output).not.toContain('S3_');
    expect(output).toContain('ACCESS_TOKEN_TTL must be a duration');
    expect(output).toContain('JWT_SECRET is required when NODE_ENV=production');
  });
});

describe('graceful shutdown', () => {
  it('stores the activity events still queued when SIGTERM comes: every answered request is a row', async () => {
    // Batches would otherwise leave only after ten minutes or 5,000 events: only the shutdown flush can deliver these.
    const env = await baseEnv({ LOG_LEVEL: 'info', ACTIVITY_FLUSH_INTERVAL: '10m', ACTIVITY_BATCH_SIZE: '5000' });
    const app = start('stack/dist/main.js', env);
    const port = Number((await app.waitForLog((l) => l.msg === 'gateway listening')).port);
    const run = `flush-${String(Date.now())}`;
    const requestIds = Array.from({ length: 150 }, (_, i) => `${run}-${String(i)}`);
    for (let i = 0; i < requestIds.length; i += 25) {
      const statuses = await Promise.all(
        requestIds.slice(i, i + 25).map(async (id) => {
          const response = await fetch(`http://127.0.0.1:${String(port)}/api/v1/ping`, { headers: { 'X-Request-Id': id } });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses).toEqual(statuses.map(() => 200));
    }
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    expect(app.output()).not.toContain('activity events not delivered before shutdown');

    const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR!, poolSize: 1, logger: quietLogger });
    try {
      const { rows } = await database.pool.query<{ request_id: string; event_type: string; path: string }>(
        `SELECT metadata->>'request_id' AS request_id, event_type, path FROM activity_events WHERE metadata->>'request_id' LIKE $1`,
        [`${run}-%`],
      );
      expect(rows.map((row) => row.request_id).sort()).toEqual([...requestIds].sort());
      expect(rows.every((row) => row.event_type === 'api_request' && row.path === '/api/v1/ping')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('finishes the work of a request whose client left before stopping, and stores its activity', async () => {
    // A login at bcrypt cost 14 keeps its handler busy for a good while after the client hangs up (~0.5 s on a fast machine).
    const env = await baseEnv({ LOG_LEVEL: 'info', BCRYPT_COST: '14' });
    const app = start('stack/dist/main.js', env);
    const port = Number((await app.waitForLog((l) => l.msg === 'gateway listening')).port);
    const api = `http://127.0.0.1:${String(port)}/api/v1`;
    const credentials = { email: `left-${String(Date.now())}@example.org`, password: 'correct horse battery' };
    const registered = await fetch(`${api}/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    expect(registered.status).toBe(201);

    const requestIdOfLogin = `left-${String(Date.now())}`;
    const login = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/auth/login',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestIdOfLogin },
    });
    login.on('error', () => undefined);
    const connected = new Promise((resolve) => login.once('socket', (socket) => socket.once('connect', resolve)));
    login.end(JSON.stringify(credentials));
    // Long enough for a loaded machine to read the request and start its handler (50 ms was not, once in CI),
    // short of the hash's own time.
    await connected;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The client gives up while the password is being checked; the signal follows at once.
    login.destroy();
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    const output = app.output();
    expect(output).toContain('handlers of requests whose clients left finished');
    expect(output).not.toContain('recorded after the shutdown flush');

    const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR!, poolSize: 1, logger: quietLogger });
    try {
      const { rows } = await database.pool.query<{ event_type: string }>(
        `SELECT event_type FROM activity_events WHERE metadata->>'request_id' = $1`,
        [requestIdOfLogin],
      );
      expect(rows).toEqual([{ event_type: 'user_login' }]);
    } finally {
      await database.close();
    }
  });

  it('finishes an in-flight request after SIGTERM and refuses new connections', async () => {
    const env = await baseEnv({ LOG_LEVEL: 'info' });
    const app = start('stack/dist/main.js', env);
    const listening = await app.waitForLog((l) => l.msg === 'gateway listening');
    const port = Number(listening.port);

    let refused: string | undefined;
    // A request whose body is still arriving when the signal comes.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/error-free-echo',
        headers: { 'Content-Type': 'application/json' },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('{"half": ');
      setTimeout(() => {
        app.child.kill('SIGTERM');
        setTimeout(() => {
          // New connections are refused while the old request is still open.
          const probe = http.get({ host: '127.0.0.1', port, path: '/health' });
          probe.on('error', (error: NodeJS.ErrnoException) => {
            refused = error.code;
            req.end('"done"}');
          });
          probe.on('response', () => req.end('"done"}'));
        }, 300);
      }, 200);
    });
    const finished = await response;
    // The in-flight request got its real answer (an unknown path: 404 envelope).
    expect(finished.status).toBe(404);
    expect(JSON.parse(finished.body).error.code).toBe('NOT_FOUND');
    expect(refused).toBe('ECONNREFUSED');
    expect(await app.exited).toBe(0);
  });

  it('closes idle keep-alive connections at once and exits as soon as the last in-flight request is answered', async () => {
    // A long drain budget: only the work in flight may decide how long the shutdown takes.
    const env = await baseEnv({ LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT: '30s' });
    const app = start('stack/dist/main.js', env);
    const port = Number((await app.waitForLog((l) => l.msg === 'gateway listening')).port);

    // Keep-alive clients that made one request each and now sit idle.
    const idle = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
        await new Promise<void>((resolve) => {
          socket.once('data', () => resolve());
          socket.write('GET /health HTTP/1.1\r\nHost: evalplan\r\n\r\n');
        });
        return closed;
      }),
    );
    // One request in flight: its body is only half there when the signal comes.
    const inFlight = net.connect(port, '127.0.0.1');
    let answer = '';
    inFlight.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const answered = new Promise<number>((resolve) => inFlight.once('close', () => resolve(Date.now())));
    await new Promise<void>((resolve) => inFlight.once('connect', () => resolve()));
    inFlight.write(
      'POST /api/v1/unknown HTTP/1.1\r\nHost: evalplan\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n{"half": ',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const signalledAt = Date.now();
    app.child.kill('SIGTERM');
    const idleClosedAt = await Promise.all(idle);
    await new Promise((resolve) => setTimeout(resolve, 700));
    inFlight.write('"done"}');
    const answeredAt = await answered;
    const exitCode = await app.exited;
    const exitedAt = Date.now();

    // Idle connections were closed by the server right away, not after the keep-alive timeout.
    expect(Math.max(...idleClosedAt) - signalledAt).toBeLessThan(500);
    // The in-flight request got its whole answer, told to close the connection, and the server closed it.
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"code":"NOT_FOUND"');
    expect(answeredAt).toBeGreaterThanOrEqual(signalledAt + 700);
    // The process was gone about a second after that answer, whatever the 30 s budget.
    expect(exitCode).toBe(0);
    expect(exitedAt - answeredAt).toBeLessThan(1_500);
    expect(app.output()).toContain('activity events flushed at shutdown');
  }, 120_000);
});
