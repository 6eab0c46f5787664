// What storing recorded requests costs on this machine, piece by piece, with
// no gateway and no load generator in the way (issue 6). bench:activity
// measures the whole; this shows where a recorded request's CPU goes once it
// leaves the request path, so the whole can be checked against its parts.
//
// For batches like the ones the recording gateway sends under load
// (GET /api/v1/ping, anonymous, no user agent), it measures:
// 1. encoding: this process's CPU per event to turn queued events into a
//    RecordBatch payload (the gateway's recordBatchRequest, then the
//    transport's protobuf encoding);
// 2. sending: this process's CPU per RecordBatch call over the gateway's
//    HTTP/2 client, less the encoding (which the call does again);
// 3. activity-service: its process's CPU per event stored (decoding the
//    events and writing them as rows included);
// 4. PostgreSQL: the backends' CPU per row for the COPY activity-service runs;
// 5. the COPY alone: the same rows written by this process with
//    activity-service's own COPY code, back to back: PostgreSQL's floor.
// Calls arrive at BENCH_RATE events a second (default 10,000, about what the
// recording gateway serves here at saturation), in batches of 500 (the
// product's size) and, to show which costs are per call, of 2,000.
// Usage: npm run bench:activity-storage  (options: BENCH_RATE, BENCH_SECONDS (10))
'use strict';
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const lib = require('./lib');

const ROOT = path.join(__dirname, '..');
const { createClientPool } = require(path.join(ROOT, 'common', 'dist', 'grpc', 'index.js'));
const { grpcClientSettings, loadSettings, runtimeSettings } = require(path.join(ROOT, 'common', 'dist', 'config', 'index.js'));
const { createLogger } = require(path.join(ROOT, 'common', 'dist', 'logging', 'index.js'));
const { openDatabase } = require(path.join(ROOT, 'common', 'dist', 'db', 'index.js'));
const { loadProtos } = require(path.join(ROOT, 'protos', 'dist', 'index.js'));
const { recordBatchRequest } = require(path.join(ROOT, 'gateway', 'dist', 'activity', 'request-batch.js'));
const { eventsRepository } = require(path.join(ROOT, 'activity-service', 'dist', 'repositories', 'events.js'));
const { requestRows } = require(path.join(ROOT, 'activity-service', 'dist', 'domain', 'request-rows.js'));

const RATE = Number(process.env.BENCH_RATE || 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const BATCH_SIZES = [500, 2000];
const COPY_ROWS = 100_000;

const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Queued events as the gateway's observer makes them for a ping without a token. */
function pingEvents(count) {
  const now = Date.now();
  return Array.from({ length: count }, () => ({
    id: undefined,
    eventType: 'api_request',
    userId: undefined,
    sessionId: undefined,
    projectId: undefined,
    method: 'GET',
    path: '/api/v1/ping',
    statusCode: 200,
    durationMs: 0.015,
    createdAtMs: now,
    requestId: randomUUID(),
    userAgent: '',
    stepNumber: undefined,
  }));
}

const recordBatch = () => loadProtos().activity.ActivityService.RecordBatch;

/** Makes `batches` requests of `size` events and encodes them as the transport does; the CPU per event, and the requests. */
function encodeBatches(batches, size) {
  const queued = Array.from({ length: batches }, () => pingEvents(size));
  const { requestSerialize } = recordBatch();
  const before = ownCpuSeconds();
  const payloads = queued.map(recordBatchRequest);
  for (const payload of payloads) requestSerialize(payload);
  return { payloads, encodeUsPerEvent: ((ownCpuSeconds() - before) / (batches * size)) * 1e6 };
}

/** RecordBatch calls at RATE events a second; CPU of this process per call, of activity-service and PostgreSQL per event. */
async function paced(client, activity, database, size) {
  const calls = Math.max(1, Math.round((RATE * SECONDS) / size));
  const { payloads, encodeUsPerEvent } = encodeBatches(calls, size);
  const idleStart = ownCpuSeconds();
  await lib.sleep(2000);
  const idlePerSecond = (ownCpuSeconds() - idleStart) / 2;
  const before = { own: ownCpuSeconds(), activity: lib.cpuSecondsOf(activity.pid), postgres: lib.postgresCpuSecondsFor(database) };
  const startedAt = Date.now();
  let stored = 0;
  for (let i = 0; i < calls; i += 1) {
    stored += (await client.unary('RecordBatch', payloads[i])).stored;
    const wait = startedAt + ((i + 1) * size * 1000) / RATE - Date.now();
    if (wait > 0) await lib.sleep(wait);
  }
  const elapsed = (Date.now() - startedAt) / 1000;
  const events = calls * size;
  if (stored !== events) throw new Error(`${events} events sent, ${stored} stored`);
  return {
    batch_size: size,
    calls,
    seconds: elapsed,
    encode_us_per_event: encodeUsPerEvent,
    send_us_per_call: ((ownCpuSeconds() - before.own - idlePerSecond * elapsed) / calls) * 1e6 - encodeUsPerEvent * size,
    activity_service_us_per_event: ((lib.cpuSecondsOf(activity.pid) - before.activity) / events) * 1e6,
    postgres_us_per_event: ((lib.postgresCpuSecondsFor(database) - before.postgres) / events) * 1e6,
  };
}

/** COPY_ROWS rows through activity-service's COPY on one connection of this process, back to back: PostgreSQL's CPU per row. */
async function copyFloor(databaseUrl) {
  // The repositories' own view of PostgreSQL (one connection, so its backend is the one measured).
  const database = await openDatabase({
    url: databaseUrl,
    dataDir: '/nonexistent',
    poolSize: 1,
    logger: createLogger({ name: 'bench', level: 'warn' }),
  });
  try {
    const { rows } = await database.pool.query('SELECT pg_backend_pid() AS pid');
    // The rows activity-service makes of the events, made beforehand.
    const { requestSerialize, requestDeserialize } = recordBatch();
    const batches = encodeBatches(COPY_ROWS / 500, 500).payloads.map((payload) => requestDeserialize(requestSerialize(payload)).events);
    const copyTexts = batches.map(requestRows);
    const before = lib.cpuSecondsOf(rows[0].pid);
    for (const copyText of copyTexts) await eventsRepository.copyRows(database.pool, copyText);
    return ((lib.cpuSecondsOf(rows[0].pid) - before) / COPY_ROWS) * 1e6;
  } finally {
    await database.close();
  }
}

async function measure(databaseUrl) {
  const database = new URL(databaseUrl).pathname.slice(1);
  const address = `127.0.0.1:${await lib.freePort()}`;
  const activity = lib.startComponent('activity-service', { DATABASE_URL: databaseUrl, ACTIVITY_SERVICE_ADDR: address });
  // The client settings a gateway runs with by default (deadline, connect timeout, keepalive, message cap).
  const settings = loadSettings([runtimeSettings, grpcClientSettings('activity')], {});
  const client = createClientPool(loadProtos().activity.ActivityService, 'activity-service', address, settings);
  const runs = [];
  let copyUsPerRow;
  try {
    const giveUpAt = Date.now() + 20_000;
    // Up once a call is stored (it has migrated its table); this also warms both sides.
    for (;;) {
      try {
        await client.unary('RecordBatch', recordBatchRequest(pingEvents(500)));
        break;
      } catch (error) {
        if (Date.now() > giveUpAt) throw error;
        await lib.sleep(200);
      }
    }
    for (const size of BATCH_SIZES) runs.push(await paced(client, activity, database, size));
    copyUsPerRow = await copyFloor(databaseUrl);
  } finally {
    client.close();
    await activity.stop();
  }
  lib.writeResult('activity-storage', {
    date: new Date().toISOString(),
    node: process.version,
    rate: RATE,
    seconds: SECONDS,
    runs,
    copy_us_per_row: copyUsPerRow,
  });
  console.log(`At ${RATE} events/s (CPU µs; per call = per RecordBatch):`);
  console.log('| events per call | encode / event | send / call | activity-service / event | PostgreSQL / event | storage path / event |');
  console.log('|---|---|---|---|---|---|');
  for (const run of runs) {
    const storage = run.activity_service_us_per_event + run.postgres_us_per_event;
    const cells = [run.encode_us_per_event, run.send_us_per_call, run.activity_service_us_per_event, run.postgres_us_per_event, storage];
    console.log(`| ${run.batch_size} | ${cells.map((value) => value.toFixed(1)).join(' | ')} |`);
  }
  console.log(`\nPostgreSQL alone, ${COPY_ROWS} rows by COPY from this process: ${copyUsPerRow.toFixed(1)} µs per row`);
}

lib.withDatabase(measure).catch((error) => {
  console.error(error);
  process.exit(1);
});
