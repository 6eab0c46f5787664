// Start-up time and memory of the all-in-one process (issue 19), as
// `npm start` runs it (`node --require common/dist/telemetry-preload.js
// stack/dist/main.js`, LOG_LEVEL=warn):
//  - first start on an EMPTY data directory, then a restart (after SIGTERM)
//    on the same, now existing, directory;
//  - for each: the time from spawning the process until GET /health answers
//    200; the peak RSS (VmHWM, the kernel's high-water mark over the whole
//    life of the process, start and warm-up included; VmRSS is also sampled
//    every 50 ms); after a warm-up of mixed requests (ping, create a session,
//    read it, save a step) and IDLE_MS of idleness, the idle RSS.
// Repeated BENCH_STARTS times (default 3; a new empty directory for each
// first start); medians reported. Then, once, the services deployment (five
// processes on a throw-away PostgreSQL database and REDIS_URL): the time
// until its /ready answers and each process's idle RSS after the same
// warm-up (BENCH_STARTUP_SERVICES=false skips it).
// Usage: npm run bench:startup
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { setInterval, clearInterval } = require('node:timers');
const lib = require('./lib');

const STARTS = Number(process.env.BENCH_STARTS || 3);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS || 5000);
const SAMPLE_MS = 50;
const WARM_UP_ITERATIONS = 75; // four requests each: 300 requests
const WARM_UP_CONCURRENCY = 8;
const HEALTH_TIMEOUT_MS = 60_000;

const round = (value) => Math.round(value);

/** WARM_UP_ITERATIONS of ping, create a session, read it, save step 1; WARM_UP_CONCURRENCY at a time. */
async function warmUp(base) {
  const expectOk = async (response, what) => {
    if (!response.ok) throw new Error(`warm-up ${what}: ${response.status} ${await response.text()}`);
    return response;
  };
  const body = JSON.stringify({ stepData: lib.WIZARD_STEPS[1] });
  let left = WARM_UP_ITERATIONS;
  const worker = async () => {
    for (; left > 0; left -= 1) {
      await expectOk(await fetch(`${base}/ping`), 'ping');
      const { sessionId } = await (await expectOk(await fetch(`${base}/sessions/create`, { method: 'POST' }), 'create')).json();
      await expectOk(await fetch(`${base}/sessions/${sessionId}`), 'read');
      const headers = { 'content-type': 'application/json' };
      await expectOk(await fetch(`${base}/sessions/${sessionId}/wizard/step/1`, { method: 'PUT', headers, body }), 'save');
    }
  };
  await Promise.all(Array.from({ length: WARM_UP_CONCURRENCY }, worker));
}

/** Polls GET /health every 10 ms until it answers 200; ms since `startedAt`. */
async function timeToHealth(origin, startedAt, exited) {
  let exitedWith;
  exited.then((code) => {
    exitedWith = code;
  });
  for (;;) {
    try {
      if ((await fetch(`${origin}/health`)).status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    if (exitedWith !== undefined) throw new Error(`the process exited (${exitedWith}) before /health answered`);
    if (performance.now() - startedAt > HEALTH_TIMEOUT_MS) throw new Error(`/health did not answer within ${HEALTH_TIMEOUT_MS} ms`);
    await lib.sleep(10);
  }
}

/** One start of the all-in-one process on `dataDir`: time to /health, peak and idle RSS; stopped with SIGTERM. */
async function startOnce(dataDir) {
  const port = await lib.freePort();
  const origin = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const stack = lib.startNode(lib.ALL_IN_ONE_ARGS, lib.allInOneEnv(dataDir, port));
  let maxSampled = 0;
  const sampler = setInterval(() => {
    maxSampled = Math.max(maxSampled, lib.memoryOf(stack.pid)?.rss_mib ?? 0);
  }, SAMPLE_MS);
  try {
    const healthMs = await timeToHealth(origin, startedAt, stack.exited);
    const atHealth = lib.memoryOf(stack.pid);
    await warmUp(`${origin}/api/v1`);
    await lib.sleep(IDLE_MS);
    const idle = lib.memoryOf(stack.pid);
    return {
      health_ms: round(healthMs),
      peak_rss_mib: round(idle.hwm_mib),
      idle_rss_mib: round(idle.rss_mib),
      rss_at_health_mib: round(atHealth.rss_mib),
      peak_at_health_mib: round(atHealth.hwm_mib),
      max_sampled_rss_mib: round(maxSampled),
    };
  } finally {
    clearInterval(sampler);
    const code = await stack.stop();
    if (code !== 0) console.error(`the all-in-one process exited with ${code} on SIGTERM`);
  }
}

const medianOf = (runs) => Object.fromEntries(Object.keys(runs[0]).map((key) => [key, lib.median(runs.map((r) => r[key]))]));

/** The services deployment once: time to /ready and each process's idle RSS after the warm-up. */
async function servicesMemory() {
  return lib.withDatabase(async (databaseUrl) => {
    const startedAt = performance.now();
    const services = await lib.startServices(databaseUrl);
    try {
      const readyMs = performance.now() - startedAt;
      await warmUp(services.base);
      await lib.sleep(IDLE_MS);
      const idle = Object.fromEntries(Object.entries(services.pids).map(([name, pid]) => [name, round(lib.memoryOf(pid).rss_mib)]));
      return { ready_ms: round(readyMs), idle_rss_mib: idle, idle_rss_total_mib: Object.values(idle).reduce((a, b) => a + b, 0) };
    } finally {
      await services.stop();
    }
  });
}

function printRuns(title, runs, summary) {
  console.log(`\n## ${title}\n`);
  const keys = Object.keys(summary);
  console.log(`| run | ${keys.join(' | ')} |`);
  console.log(`|---|${keys.map(() => '---|').join('')}`);
  runs.forEach((r, i) => console.log(`| ${i + 1} | ${keys.map((key) => r[key]).join(' | ')} |`));
  console.log(`| median | ${keys.map((key) => summary[key]).join(' | ')} |`);
}

async function main() {
  const firstStarts = [];
  const restarts = [];
  for (let i = 0; i < STARTS; i += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalplan-startup-'));
    try {
      firstStarts.push(await startOnce(dataDir));
      restarts.push(await startOnce(dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    starts: STARTS,
    idle_ms: IDLE_MS,
    warm_up_requests: WARM_UP_ITERATIONS * 4,
    first_start: medianOf(firstStarts),
    restart: medianOf(restarts),
    runs: { first_start: firstStarts, restart: restarts },
  };
  if (process.env.BENCH_STARTUP_SERVICES !== 'false') report.services = await servicesMemory();
  lib.writeResult('startup', report);
  printRuns('first start, empty data directory (MiB, ms)', firstStarts, report.first_start);
  printRuns('restart, existing data directory (MiB, ms)', restarts, report.restart);
  if (report.services) {
    const { ready_ms: readyMs, idle_rss_mib: idle, idle_rss_total_mib: total } = report.services;
    const each = Object.entries(idle).map(([name, mib]) => `${name} ${mib}`);
    console.log(`\nservices deployment: /ready after ${readyMs} ms; idle RSS MiB ${each.join(', ')} (total ${total})`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
