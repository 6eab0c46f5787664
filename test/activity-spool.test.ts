import { appendFile, mkdtemp, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { createClientPool, type GrpcClientPool } from '@evalplan/common/grpc';
import { uuidv7HexBatch } from '@evalplan/common/input';
import { loadProtos, type types } from '@evalplan/protos';
import { JSON_HEADERS } from './helpers/auth';
import { testEnv } from './helpers/env';
import { freePort } from './helpers/ports';
import { runEntry, type Running } from './helpers/process';
import { call } from './helpers/stack';
import { TcpProxy } from './helpers/tcp-proxy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the probe's value is accepted, returning the last value either way. */
async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  let value = await probe();
  while (!accept(value) && Date.now() < giveUpAt) {
    await sleep(100);
    value = await probe();
  }
  return value;
}

// Rows of about 340 bytes on disk, as the spool's bounds below are reckoned.
const PADDING = 'p'.repeat(160);

/** A batch as the gateway sends it, one event per id. */
function batchOf(ids: string[], tag: string): types.RecordBatchRequest {
  const createdAtMs = Date.now();
  return {
    events: ids.map((id, n) => ({
      id,
      eventType: 'api_request',
      method: 'GET',
      path: `/spool-test/${tag}/${n}/${PADDING}`,
      statusCode: 200,
      durationMs: 1.5,
      createdAtMs,
      requestId: `${tag}-${n}`,
    })),
  };
}

/** Bytes of a batch on the wire. */
const wireBytes = (batch: types.RecordBatchRequest): number =>
  loadProtos().activity.ActivityService.RecordBatch.requestSerialize(batch).length;

const newIds = (count: number): string[] => uuidv7HexBatch(Array.from({ length: count }, () => Date.now()));

type LogLine = Record<string, unknown> & { level: string; msg: string };

/** Every JSON log line a process wrote so far. */
function logsOf(process: Running): LogLine[] {
  return process
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

const isWarning = (line: LogLine) => line.level === 'warn' || line.level === 'error' || line.level === 'fatal';

// activity-service and the gateway as real processes, as deployed (the spool's work happens in the process,
// and its crash is part of what is tested), in front of this run's real PostgreSQL through a proxy that can
// be cut. Runs in both test modes: in embedded mode there is no spool, so it always uses PostgreSQL.
describe('activity-service while PostgreSQL is unreachable', () => {
  const pg = TcpProxy.forUrl(testEnv.databaseUrl);
  const database = new Client({ connectionString: testEnv.databaseUrl });
  const processes: Running[] = [];
  let spoolDir: string;
  let dataDir: string;
  let port: number;
  let service: Running;
  let gateway: Running;
  let activity: GrpcClientPool<types.ActivityServiceClient>;

  const startService = async (env: Record<string, string> = {}): Promise<Running> => {
    service = runEntry('activity-service/dist/main.js', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      DATABASE_URL: pg.urlFor(testEnv.databaseUrl),
      ACTIVITY_SERVICE_ADDR: `127.0.0.1:${port}`,
      ACTIVITY_SPOOL_DIR: spoolDir,
      // Segments of 1 MiB (a 32nd of the bound): the outage below fills several, so their order is tested too.
      ACTIVITY_SPOOL_MAX_BYTES: '32MiB',
      ...env,
    });
    processes.push(service);
    // It listens at once and serves once its database answered and is migrated.
    await service.waitForLog((line) => line.msg === 'ready to serve');
    return service;
  };
  const recordBatch = (batch: types.RecordBatchRequest) => activity.unary('RecordBatch', batch);
  const spoolFiles = async (): Promise<string[]> => (await readdir(spoolDir).catch(() => [] as string[])).sort();

  /** How often each id is stored, and the transaction that stored it. */
  async function stored(ids: string[]): Promise<Map<string, { copies: number; tx: number }>> {
    const result = await database.query<{ id: string; copies: string; tx: string }>(
      `SELECT replace(id::text, '-', '') AS id, count(*) AS copies, max(xmin::text::bigint) AS tx
         FROM activity_events WHERE id = ANY($1::uuid[]) GROUP BY id`,
      [ids],
    );
    return new Map(result.rows.map((row) => [row.id, { copies: Number(row.copies), tx: Number(row.tx) }]));
  }

  /** The ids of the events of `type` found by their request ids, in the order of `requestIds`. */
  async function idsByRequest(type: string, requestIds: string[]): Promise<string[]> {
    const result = await database.query<{ id: string; request_id: string }>(
      `SELECT replace(id::text, '-', '') AS id, metadata->>'request_id' AS request_id
         FROM activity_events WHERE event_type = $1 AND metadata->>'request_id' = ANY($2)`,
      [type, requestIds],
    );
    const byRequest = new Map<string, string[]>();
    for (const row of result.rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row.id]);
    return requestIds.flatMap((requestId) => byRequest.get(requestId) ?? []);
  }

  const exactlyOnce = (found: Map<string, { copies: number }>, ids: string[]) =>
    ids.filter((id) => found.get(id)?.copies !== 1).length === 0 && found.size === new Set(ids).size;

  beforeAll(async () => {
    const work = await mkdtemp(path.join(testEnv.workDir, 'spool-'));
    spoolDir = path.join(work, 'activity-spool');
    dataDir = path.join(work, 'data');
    port = await freePort();
    await database.connect();
    await pg.start();
    await startService();
    activity = createClientPool<types.ActivityServiceClient>(
      loadProtos().activity.ActivityService,
      'activity-service',
      `127.0.0.1:${port}`,
      {
        grpcChannels: 1,
        grpcDeadlineMs: 15_000,
        grpcMaxMessageBytes: 4 * 1024 * 1024,
        grpcConnectTimeoutMs: 2_000,
        grpcKeepaliveMs: 30_000,
        grpcKeepaliveTimeoutMs: 10_000,
        incidentSummaryIntervalMs: 30_000,
      },
    );
    gateway = runEntry('gateway/dist/main.js', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      DATABASE_URL: testEnv.databaseUrl,
      REDIS_URL: testEnv.redisUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      ACTIVITY_SERVICE_TARGET: `127.0.0.1:${port}`,
      // Not called by anonymous event reports; a closed port rather than another evalplan's default one.
      AUTH_SERVICE_TARGET: `127.0.0.1:${await freePort()}`,
    });
    processes.push(gateway);
  });
  afterAll(async () => {
    activity?.close();
    for (const running of processes) if (running.child.exitCode === null) running.child.kill('SIGKILL');
    await pg.stop();
    await database.end();
  });

  it('answers success while PostgreSQL is away, then stores every event once, in the order spooled, and empties the spool', async () => {
    const api = `http://127.0.0.1:${String((await gateway.waitForLog((line) => line.msg === 'gateway listening')).port)}/api/v1`;
    // PostgreSQL up: written at once, nothing on disk.
    const before = newIds(3);
    await expect(recordBatch(batchOf(before, 'before'))).resolves.toEqual({ stored: 3 });
    expect(await spoolFiles()).toEqual([]);

    await pg.cut();
    const logsFrom = logsOf(service).length;
    // Batches of the gateway's format and client-reported events, interleaved: the order they must be stored in.
    const order: Array<{ batch: string[] } | { report: string }> = [];
    let sentBytes = 0;
    for (let b = 0; b < 10; b += 1) {
      const ids = newIds(2_000);
      const batch = batchOf(ids, `outage-${b}`);
      sentBytes += wireBytes(batch);
      await expect(recordBatch(batch)).resolves.toEqual({ stored: 0 });
      order.push({ batch: ids });
      const report = await call(`${api}/activity/events`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ type: 'spool.test', page: `/after-batch/${b}` }),
      });
      expect([report.status, report.json]).toEqual([202, { status: 'accepted' }]);
      order.push({ report: report.headers.get('x-request-id')! });
    }
    // Everything is on disk, nothing in the table.
    const files = await spoolFiles();
    expect(files.length).toBeGreaterThan(3);
    const onDisk = await Promise.all(files.map(async (file) => (await stat(path.join(spoolDir, file))).size));
    expect(onDisk.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(sentBytes);
    const batchIds = order.flatMap((item) => ('batch' in item ? item.batch : []));
    expect((await stored(batchIds)).size).toBe(0);
    // The gateway's batches (its record of those reports) are answered too, after its 200 ms flush interval.
    await sleep(1_000);

    await pg.restore();
    expect(await eventually(spoolFiles, (left) => left.length === 0)).toEqual([]);

    // Every event exactly once: the batches, the reports, and the gateway's record of each report request.
    const requestIds = order.flatMap((item) => ('report' in item ? [item.report] : []));
    const reportIds = await idsByRequest('frontend_spool.test', requestIds);
    const requestRecords = await idsByRequest('api_request', requestIds);
    const everything = [...before, ...batchIds, ...reportIds, ...requestRecords];
    const found = await stored(everything);
    expect([reportIds.length, requestRecords.length, found.size]).toEqual([10, 10, 3 + 20_000 + 20]);
    expect(exactlyOnce(found, everything)).toBe(true);

    // In the order spooled: no event is stored by an earlier transaction than one spooled before it. The
    // replay took several transactions (1 MiB chunks), so the order is really checked.
    let report = 0;
    const spoolOrder = order.flatMap((item) => ('batch' in item ? item.batch : [reportIds[report++]!]));
    const transactions = spoolOrder.map((id) => found.get(id)!.tx);
    expect(transactions.every((tx, i) => i === 0 || tx >= transactions[i - 1]!)).toBe(true);
    expect(new Set(transactions).size).toBeGreaterThan(3);

    // One warning that PostgreSQL is away (the dependency monitor's) and one that spooling started, no line per
    // batch, and the totals at recovery.
    const lines = logsOf(service).slice(logsFrom);
    expect(
      lines
        .filter(isWarning)
        .map((line) => [line.msg, line.reason])
        .sort(),
    ).toEqual([
      ['PostgreSQL unreachable', undefined],
      ['spooling activity events to disk', expect.stringMatching(/^PostgreSQL unreachable: /)],
    ]);
    expect(lines.find((line) => line.msg === 'activity spooling over')).toMatchObject({
      spooled_events: 20_020,
      replayed_events_total: 20_020,
      dropped_events_total: 0,
      torn_lines_total: 0,
    });
    // The gateway never had to retry a batch: each was answered as delivered.
    expect(logsOf(gateway).filter(isWarning)).toEqual([]);
  });

  it('does not make each batch wait for a connect that is known to fail', async () => {
    // Accepts connections and never answers: the first batch finds out by the pool's 5 s connect timeout.
    await pg.blackhole();
    const ids = newIds(60);
    await expect(recordBatch(batchOf(ids.slice(0, 10), 'hung-0'))).resolves.toEqual({ stored: 0 });
    for (let b = 1; b < 6; b += 1) {
      const started = Date.now();
      await expect(recordBatch(batchOf(ids.slice(b * 10, b * 10 + 10), `hung-${b}`))).resolves.toEqual({ stored: 0 });
      expect(Date.now() - started).toBeLessThan(1_000);
    }
    await pg.restore();
    expect(await eventually(spoolFiles, (left) => left.length === 0)).toEqual([]);
    expect(exactlyOnce(await stored(ids), ids)).toBe(true);
  });

  it('keeps what was spooled across a crash and a stop, and replays it in order at the next start', async () => {
    const spoolAndStop = async (ids: string[], tag: string, signal: NodeJS.Signals): Promise<void> => {
      await pg.cut();
      for (let b = 0; b * 100 < ids.length; b += 1) {
        await expect(recordBatch(batchOf(ids.slice(b * 100, b * 100 + 100), `${tag}-${b}`))).resolves.toEqual({ stored: 0 });
      }
      service.child.kill(signal);
      await service.exited;
    };
    const restartAndReplay = async (): Promise<LogLine[]> => {
      await pg.restore();
      await startService();
      expect(await eventually(spoolFiles, (left) => left.length === 0)).toEqual([]);
      // The summary line is written after the last file goes: wait for it rather than read the logs at once.
      return eventually(
        async () => logsOf(service),
        (lines) => lines.some((line) => line.msg === 'activity spooling over'),
      );
    };

    // Killed without a word after answering: the answered batches are still there at the next start.
    const crashed = newIds(300);
    await spoolAndStop(crashed, 'crash', 'SIGKILL');
    // A line that is not a row of activity_events, then a row cut short, as a kill in the middle of an append leaves it.
    const files = await spoolFiles();
    expect(files.length).toBeGreaterThan(0);
    const [torn] = newIds(1);
    await appendFile(path.join(spoolDir, files.at(-1)!), `not\ta row\n${torn}\tapi_request\t\\N\t`);
    const afterCrash = await restartAndReplay();
    expect(exactlyOnce(await stored([...crashed, torn!]), crashed)).toBe(true);
    expect(afterCrash.find(isWarning)).toMatchObject({
      msg: 'spooling activity events to disk',
      reason: 'an earlier run left events to replay',
    });
    expect(afterCrash.find((line) => line.msg === 'activity spooling over')).toMatchObject({
      replayed_events_total: 300,
      torn_lines_total: 1,
      discarded_events_total: 1,
    });

    // Stopped while PostgreSQL is away: promptly, with the totals and what is left for the next start.
    const stopped = newIds(200);
    const stopping = Date.now();
    await spoolAndStop(stopped, 'stop', 'SIGTERM');
    expect(service.child.exitCode).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(5_000);
    const shutdown = logsOf(service)
      .filter((line) => line.msg === 'activity spooling over')
      .at(-1);
    expect(shutdown).toMatchObject({ outcome: expect.stringMatching(/^stopped/), spooled_events: 200, dropped_events_total: 0 });
    expect(shutdown!.waiting_bytes).toBeGreaterThan(200 * 200);
    await restartAndReplay();
    const found = await stored([...crashed, ...stopped]);
    expect(exactlyOnce(found, [...crashed, ...stopped])).toBe(true);
    // Spooled later, stored later.
    const lastCrashed = Math.max(...crashed.map((id) => found.get(id)!.tx));
    expect(stopped.every((id) => found.get(id)!.tx > lastCrashed)).toBe(true);
  });

  it('drops the newest batches past the bound, counts every dropped event and says so once', async () => {
    service.child.kill('SIGTERM');
    await service.exited;
    await startService({ ACTIVITY_SPOOL_MAX_BYTES: '1MiB' });
    await pg.cut();
    const logsFrom = logsOf(service).length;
    const batches = Array.from({ length: 5 }, () => newIds(1_000));
    // About 330 KB each: three fit within 1 MiB; the fourth and fifth are dropped, and still answered.
    for (const [b, ids] of batches.entries()) {
      await expect(recordBatch(batchOf(ids, `full-${b}`))).resolves.toEqual({ stored: 0 });
    }
    await pg.restore();
    expect(await eventually(spoolFiles, (left) => left.length === 0)).toEqual([]);
    const kept = batches.slice(0, 3).flat();
    const dropped = batches.slice(3).flat();
    const found = await stored([...kept, ...dropped]);
    expect(exactlyOnce(found, kept)).toBe(true);
    const lines = logsOf(service).slice(logsFrom);
    expect(lines.filter((line) => line.msg === 'activity spool full: dropping the newest events')).toHaveLength(1);
    expect(lines.find((line) => line.msg === 'activity spooling over')).toMatchObject({
      spooled_events: 3_000,
      replayed_events_total: 3_000,
      dropped_events_total: 2_000,
    });
  });
});
