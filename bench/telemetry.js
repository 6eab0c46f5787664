// Benchmark: what the telemetry preload costs a bare Koa app (issue 19). The
// same app answering GET /api/v1/ping runs in five processes of its own:
//   bare                 no preload (the baseline)
//   bare_again           a second bare process: how far two identical processes
//                        drift apart here is the noise floor for the others
//   preload_no_exporter  the preload, no exporter configured
//   tracing_ratio_1      the preload exporting over OTLP/HTTP, every trace sampled
//   tracing_ratio_0_1    the same at one trace in ten
// (OTEL_TRACES_SAMPLER=parentbased_traceidratio). Each tracing variant posts
// to its own sink in this process, which counts the spans and answers 200.
// Rounds alternate between the five (one under load at a time); reported per
// variant: median req/s, the median of per-round ratios to bare, and the
// server's CPU µs per request (/proc, user + system).
// Then all five at the same fixed rate at once, so the machine's drift and
// other work hit each alike: CPU µs per request again, the steadier figure
// on a busy machine (the throughput rounds move by tens of per cent here).
// Usage: npm run bench:telemetry
//   (options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS; BENCH_RATE (1500), BENCH_CPU_ROUNDS (5))
'use strict';
const { Buffer } = require('node:buffer');
const { fork } = require('node:child_process');
const http = require('node:http');
const path = require('node:path');
const lib = require('./lib');

const PRELOAD = path.join(__dirname, '..', 'common', 'dist', 'telemetry-preload.js');
const SERVE_PORT = 'BENCH_TELEMETRY_SERVE_PORT';
const sameRate = { rate: Number(process.env.BENCH_RATE || 1500), rounds: Number(process.env.BENCH_CPU_ROUNDS || 5), seconds: 8 };

/** Child mode: the bare Koa app, on the port the parent chose. */
function serve() {
  const Koa = require('koa');
  const app = new Koa();
  app.use((ctx) => {
    if (ctx.method === 'GET' && ctx.path === '/api/v1/ping') ctx.body = { message: 'pong' };
  });
  app.listen(Number(process.env[SERVE_PORT]), '127.0.0.1', () => process.send('listening'));
}

/** The environment without any OTEL_* variable of the caller's, so each variant gets only its own. */
function environmentWithoutOtel() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_')));
}

async function startApp({ preload, env = {} }) {
  const port = await lib.freePort();
  const child = fork(path.join(__dirname, 'telemetry.js'), {
    execArgv: preload ? ['--require', PRELOAD] : [],
    env: { ...environmentWithoutOtel(), OTEL_SERVICE_NAME: 'evalplan-bench-koa', ...env, [SERVE_PORT]: String(port) },
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the Koa app exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { pid: child.pid, url: `http://127.0.0.1:${port}/api/v1/ping`, stop: () => (child.kill(), exited) };
}

/** Reads a protobuf varint at `offset`: [value, offset after it]. */
function varint(buffer, offset) {
  let value = 0;
  for (let shift = 1; ; shift *= 128) {
    const byte = buffer[offset++];
    value += (byte & 0x7f) * shift;
    if (byte < 0x80) return [value, offset];
  }
}

/** The length-delimited fields numbered `number` of a protobuf message. */
function submessages(buffer, number) {
  const found = [];
  for (let offset = 0; offset < buffer.length;) {
    const [key, next] = varint(buffer, offset);
    const wireType = key % 8;
    if (wireType === 2) {
      const [length, start] = varint(buffer, next);
      if (Math.floor(key / 8) === number) found.push(buffer.subarray(start, start + length));
      offset = start + length;
    } else if (wireType === 0) offset = varint(buffer, next)[1];
    else if (wireType === 1) offset = next + 8;
    else if (wireType === 5) offset = next + 4;
    else throw new Error(`unexpected protobuf wire type ${wireType}`);
  }
  return found;
}

/** Spans in an OTLP ExportTraceServiceRequest: resource_spans (1) → scope_spans (2) → spans (2). */
function countSpans(request) {
  let spans = 0;
  for (const resourceSpans of submessages(request, 1)) {
    for (const scopeSpans of submessages(resourceSpans, 2)) spans += submessages(scopeSpans, 2).length;
  }
  return spans;
}

/** An OTLP/HTTP collector that keeps nothing: counts the spans posted to /v1/traces, answers 200 with no body. */
async function startSink() {
  const received = { posts: 0, spans: 0 };
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') return response.writeHead(404).end();
      received.posts += 1;
      received.spans += countSpans(Buffer.concat(chunks));
      response.writeHead(200).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${server.address().port}`, received, close: () => server.close() };
}

function tracingEnv(sink, ratio) {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: String(ratio),
  };
}

async function main() {
  const sinks = { tracing_ratio_1: await startSink(), tracing_ratio_0_1: await startSink() };
  const apps = {};
  try {
    apps.bare = await startApp({ preload: false });
    apps.bare_again = await startApp({ preload: false });
    apps.preload_no_exporter = await startApp({ preload: true });
    apps.tracing_ratio_1 = await startApp({ preload: true, env: tracingEnv(sinks.tracing_ratio_1, 1.0) });
    apps.tracing_ratio_0_1 = await startApp({ preload: true, env: tracingEnv(sinks.tracing_ratio_0_1, 0.1) });
    await measure(apps, sinks);
  } finally {
    await Promise.all(Object.values(apps).map((app) => app.stop()));
    for (const sink of Object.values(sinks)) sink.close();
  }
}

async function measure(apps, sinks) {
  const names = Object.keys(apps);

  // A server's CPU is read when each of its runs ends and charged to that run: in between it is idle
  // but for what the run left behind (the exporter's last batches), which that run caused.
  const cpuRead = Object.fromEntries(names.map((name) => [name, lib.cpuSecondsOf(apps[name].pid)]));
  const cpuUsPerRequest = Object.fromEntries(names.map((name) => [name, []]));
  const served = Object.fromEntries(names.map((name) => [name, 0]));
  const warmedUp = new Set();
  const results = await lib.alternatingRounds(Object.fromEntries(names.map((name) => [name, { url: apps[name].url }])), (name, result) => {
    const cpu = lib.cpuSecondsOf(apps[name].pid);
    if (warmedUp.has(name)) cpuUsPerRequest[name].push(((cpu - cpuRead[name]) * 1e6) / result.requests.total);
    warmedUp.add(name);
    cpuRead[name] = cpu;
    served[name] += result.requests.total;
  });
  // The batch span processor sends what it still holds within its 5 s schedule.
  await lib.sleep(6_000);

  const variants = Object.fromEntries(
    names.map((name) => [
      name,
      {
        rps: lib.summarise(results[name]).rps,
        ratio: Number(lib.medianRatio(results, name, 'bare').toFixed(3)),
        cpu_us_per_request: Number(lib.median(cpuUsPerRequest[name]).toFixed(1)),
      },
    ]),
  );
  // Spans the sinks received per request served: below the sampling ratio means the exporter dropped some.
  const exported = Object.fromEntries(
    Object.entries(sinks).map(([name, sink]) => [
      name,
      { posts: sink.received.posts, spans_per_request: Number((sink.received.spans / served[name]).toFixed(3)) },
    ]),
  );
  const atSameRate = await cpuAtSameRate(apps);
  const file = lib.writeResult('telemetry', {
    date: new Date().toISOString(),
    node: process.version,
    settings: lib.settings,
    variants,
    exported,
    cpu_at_same_rate: atSameRate,
    rounds_detail: results,
    cpu_us_per_request_detail: cpuUsPerRequest,
  });

  console.log('| variant | req/s (median) | ratio to bare | CPU µs/request |');
  console.log('|---|---|---|---|');
  for (const [name, v] of Object.entries(variants)) console.log(`| ${name} | ${v.rps} | ${v.ratio.toFixed(3)} | ${v.cpu_us_per_request} |`);
  for (const [name, e] of Object.entries(exported))
    console.log(`${name}: ${e.spans_per_request} spans exported per request (${e.posts} posts)`);
  const sameRateFigures = names.map((name) => `${name} ${atSameRate.us_per_request[name]}`).join(', ');
  console.log(`CPU µs per request, all at ${sameRate.rate} req/s at once: ${sameRateFigures}`);
  console.log(`\npreload, no exporter / bare: ${variants.preload_no_exporter.ratio.toFixed(3)} (target >= 0.95);`);
  console.log(`a second bare process / bare: ${variants.bare_again.ratio.toFixed(3)} (the noise floor)\n${file}`);
}

/** Every app at the same fixed rate at the same time: each one's CPU µs per request, median of the rounds. */
async function cpuAtSameRate(apps) {
  const names = Object.keys(apps);
  const load = (name, seconds) => lib.run({ url: apps[name].url, connections: 10, duration: seconds, overallRate: sameRate.rate });
  await Promise.all(names.map((name) => load(name, 2)));
  const perRequest = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < sameRate.rounds; round += 1) {
    const before = names.map((name) => lib.cpuSecondsOf(apps[name].pid));
    const results = await Promise.all(names.map((name) => load(name, sameRate.seconds)));
    names.forEach((name, i) => {
      perRequest[name].push(((lib.cpuSecondsOf(apps[name].pid) - before[i]) * 1e6) / results[i].requests.total);
    });
  }
  const usPerRequest = Object.fromEntries(names.map((name) => [name, Number(lib.median(perRequest[name]).toFixed(1))]));
  return { rate: sameRate.rate, rounds: sameRate.rounds, us_per_request: usPerRequest, detail: perRequest };
}

if (process.env[SERVE_PORT]) serve();
else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
