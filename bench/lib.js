// Shared pieces of the benchmark scripts: the processes under test (the bare
// Koa baseline, the all-in-one process, the services deployment), autocannon
// runs with the CPU each request costs the processes that serve it,
// alternating rounds and result files.
//
// Every process under test runs on its own, as production runs it: the stack
// with the telemetry preload (`node --require common/dist/telemetry-preload.js
// <component>/dist/main.js`), the baseline with no preload at all, so a
// ratio's baseline is this machine's limit and carries none of the stack's
// costs.
'use strict';
const { execFileSync, spawn } = require('node:child_process');
const os = require('node:os');
const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const autocannon = require('autocannon');
const { EPHEMERAL_PORTS_ENV } = require('@evalplan/stack');
const { CLIENT_LIMITS_OFF } = require('@evalplan/gateway');

const settings = {
  seconds: Number(process.env.BENCH_SECONDS || 8),
  connections: Number(process.env.BENCH_CONNECTIONS || 50),
  rounds: Number(process.env.BENCH_ROUNDS || 5),
};

const ROOT = path.join(__dirname, '..');
const PRELOAD = path.join(ROOT, 'common', 'dist', 'telemetry-preload.js');
/** The all-in-one process's command line after `node`, as `npm start` runs it. */
// As `npm start` runs it (package.json), V8 flag included.
const ALL_IN_ONE_ARGS = ['--liftoff-only', '--require', PRELOAD, path.join(ROOT, 'stack', 'dist', 'main.js')];
/** The services deployment's processes: the gateway and each service's folder. */
const SERVICE_FOLDERS = { auth: 'auth-service', wizard: 'wizard-service', pdf: 'pdf-service', activity: 'activity-service' };
/** Time after a load run for queued work (activity batches, the last responses) to finish before CPU is read. */
const SETTLE_MS = 300;

/** The wizard's four steps, complete and valid (docs/api.md), as the step-save and session-read benchmarks send them. */
const WIZARD_STEPS = {
  1: {
    evaluationGoals: ['Usability & Efficiency', 'Engagement'],
    projectType: 'Mobile quest game',
    participants: '10-30',
    developmentStage: 'High-fidelity prototype',
    accessibility: 'Moderate',
    time: '1-2 weeks',
    extraConstraints: [],
    researchEnabled: false,
  },
  2: { selectedMethods: ['Think-aloud testing', 'Surveys & Questionnaires'] },
  3: { selectedInstruments: ['SUS (System Usability Scale)', 'UES (User Engagement Scale)'] },
  4: { nextSteps: ['Pilot test the study setup', 'Schedule sessions with participants', 'Observe and collect data'], notes: 'Lab booked.' },
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const oneDecimal = (value) => Math.round(value * 10) / 10;

/** A target's autocannon options, without what measuredRun reads off it for CPU figures. */
function loadOf(target) {
  const options = { ...target };
  delete options.cpu;
  delete options.database;
  return options;
}

/** One autocannon run; any non-2xx answer or socket error fails the benchmark. */
function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: settings.connections, duration: settings.seconds, ...options }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      }
      resolve(result);
    });
  });
}

/** CPU seconds used so far by each process of `processes` ({name: pid}) and, as "postgres", by the backends of `database`. */
function cpuSnapshot(processes, database) {
  const snapshot = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSecondsOf(pid)]));
  if (database) snapshot.postgres = postgresCpuSecondsFor(database);
  return snapshot;
}

/**
 * One autocannon run of a target, with the CPU µs per request it cost each
 * process named in the target's `cpu` ({name: pid}) and, with `database`,
 * that database's PostgreSQL backends. Read SETTLE_MS after the run, so
 * work queued by the run's last requests counts too.
 */
async function measuredRun(target, duration) {
  const { cpu = {}, database } = target;
  const before = cpuSnapshot(cpu, database);
  const result = await run({ duration, ...loadOf(target) });
  await sleep(SETTLE_MS);
  const after = cpuSnapshot(cpu, database);
  const requests = result.requests.total;
  const cpuUs = Object.fromEntries(Object.keys(before).map((name) => [name, ((after[name] - before[name]) / requests) * 1e6]));
  return { result, cpuUs };
}

/**
 * Runs each target once to warm up, then `rounds` rounds of all targets back
 * to back, so drift of the machine affects every target alike; every other
 * round runs them in reverse order (A B, B A, ...), so neither target is
 * always the one that runs after the other. A target is autocannon's options
 * plus, optionally, `cpu` ({name: pid}) and `database` for the CPU per
 * request of the processes serving it (see measuredRun). `onRun` sees every
 * autocannon result, warm-ups included. `options` may set rounds and seconds.
 */
async function alternatingRounds(targets, onRun = () => undefined, options = {}) {
  const rounds = options.rounds ?? settings.rounds;
  const duration = options.seconds ?? settings.seconds;
  for (const [name, target] of Object.entries(targets)) onRun(name, (await measuredRun(target, duration)).result);
  const results = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  const names = Object.keys(targets);
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const { result, cpuUs } = await measuredRun(targets[name], duration);
      onRun(name, result);
      results[name].push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu_us: cpuUs });
    }
  }
  return results;
}

/**
 * Like alternatingRounds, but every round starts its targets' processes
 * afresh and stops them after it: two processes of the same build can differ
 * by 10-30 % in throughput (docs/benchmarks.md, issue 19), so a figure read
 * off one process per target is partly that process's luck; the median over
 * rounds is over as many processes. `starters` maps each target's name to an
 * async function that starts its processes and resolves with
 * { target, stop }, target as alternatingRounds takes it. Each process gets
 * one warm-up run before the round's measured runs; names alternate their
 * order from round to round.
 */
async function freshProcessRounds(starters, options = {}) {
  const rounds = options.rounds ?? settings.rounds;
  const duration = options.seconds ?? settings.seconds;
  const warmUp = options.warmUpSeconds ?? 3;
  const names = Object.keys(starters);
  const results = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    const started = {};
    try {
      for (const name of names) started[name] = await starters[name]();
      for (const name of names) await run({ ...loadOf(started[name].target), duration: warmUp });
      for (const name of round % 2 === 0 ? names : [...names].reverse()) {
        const { result, cpuUs } = await measuredRun(started[name].target, duration);
        results[name].push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu_us: cpuUs });
      }
    } finally {
      await Promise.all(Object.values(started).map((handle) => handle.stop()));
    }
  }
  return results;
}

/**
 * What a switchable feature costs one process: `starters.on` and
 * `starters.off` each start a process (as freshProcessRounds takes them) that
 * differs only by the feature. Two measures, in one run:
 *  1. throughput: freshProcessRounds over both, the median of the per-round
 *     on ÷ off ratios, with each one's CPU µs per request;
 *  2. CPU at the same fixed rate for both (sameRate.rate req/s, neither at its
 *     limit), sameRate.rounds alternating runs on one process each, after a
 *     warm-up run of each at full load: the steadier figure on a busy machine.
 */
async function onOffCost(starters, { rounds, sameRate }) {
  const results = await freshProcessRounds({ on: starters.on, off: starters.off }, { rounds });
  const summary = Object.fromEntries(Object.entries(results).map(([name, r]) => [name, summarise(r)]));
  const ratio = medianRatio(results, 'on', 'off');
  const started = { on: await starters.on(), off: await starters.off() };
  const fixedRate = { on: [], off: [] };
  try {
    // Warmed at full load first, as the throughput rounds are: a cold process's JIT and caches cost several hundred µs
    // per request in the first fixed-rate runs, more than most features measured here (bench:client-limits read +250 µs).
    for (const name of ['on', 'off']) await run({ ...loadOf(started[name].target), duration: settings.seconds });
    for (let round = 0; round < sameRate.rounds; round += 1) {
      for (const name of round % 2 === 0 ? ['on', 'off'] : ['off', 'on']) {
        const { cpuUs, result } = await measuredRun({ ...started[name].target, overallRate: sameRate.rate }, settings.seconds);
        fixedRate[name].push({ cpu_us: Object.values(cpuUs).reduce((sum, value) => sum + value, 0), rps: result.requests.average });
      }
    }
  } finally {
    await Promise.all([started.on.stop(), started.off.stop()]);
  }
  const cpuAtRate = { on: median(fixedRate.on.map((x) => x.cpu_us)), off: median(fixedRate.off.map((x) => x.cpu_us)) };
  return {
    summary,
    ratio_on_over_off: ratio,
    throughput_cost_percent: (1 - ratio) * 100,
    same_rate: { rate: sameRate.rate, rounds: sameRate.rounds, cpu_us_per_request: cpuAtRate, detail: fixedRate },
    rounds_detail: results,
  };
}

/** Median req/s and latencies of a target's rounds and, when measured, its median CPU µs per request by process and in all. */
function summarise(rounds) {
  const summary = {
    rps: Math.round(median(rounds.map((r) => r.rps))),
    p50_ms: median(rounds.map((r) => r.p50)),
    p99_ms: median(rounds.map((r) => r.p99)),
  };
  const processes = Object.keys(rounds[0]?.cpu_us ?? {});
  if (processes.length > 0) {
    summary.cpu_us_per_request = Object.fromEntries(processes.map((name) => [name, oneDecimal(median(rounds.map((r) => r.cpu_us[name])))]));
    const totals = rounds.map((r) => Object.values(r.cpu_us).reduce((sum, value) => sum + value, 0));
    summary.cpu_us_total = oneDecimal(median(totals));
  }
  return summary;
}

/** The median of the per-round ratios of two targets' throughput. */
function medianRatio(results, numerator, denominator) {
  return median(results[numerator].map((r, i) => r.rps / results[denominator][i].rps));
}

function writeResult(name, report) {
  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${report.date.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  return file;
}

/** "142.0" for one process, "142.0 (gateway 80.1, wizard 30.2, ...)" for several: the total, then each process's share. */
function formatCpu(summary) {
  const byProcess = Object.entries(summary.cpu_us_per_request ?? {});
  if (byProcess.length === 0) return '—';
  if (byProcess.length === 1) return summary.cpu_us_total.toFixed(1);
  // Processes that did nothing for this request (a service it does not call) are left out.
  const parts = byProcess.filter(([, us]) => us >= 0.05).map(([name, us]) => `${name} ${us.toFixed(1)}`);
  return `${summary.cpu_us_total.toFixed(1)} (${parts.join(', ')})`;
}

function printTable(summary) {
  console.log('| target | req/s (median) | p50 ms | p99 ms | server CPU µs per request |');
  console.log('|---|---|---|---|---|');
  for (const [name, s] of Object.entries(summary)) console.log(`| ${name} | ${s.rps} | ${s.p50_ms} | ${s.p99_ms} | ${formatCpu(s)} |`);
}

/** A throw-away PostgreSQL database (TEST_PG_ADMIN_URL, default the local server) for `work(url)`. */
async function withDatabase(work) {
  const adminUrl = process.env.TEST_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `evalplan_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const databaseNameOf = (databaseUrl) => new URL(databaseUrl).pathname.slice(1);

/**
 * Ports for the processes under test are drawn below the kernel's ephemeral
 * range. A port from listen(0) is an ephemeral one: between this check and the
 * child's bind, an outgoing connection (autocannon's, a gRPC client's) could
 * be given it as its source port, and the child then failed with EADDRINUSE
 * (seen in bench:all). Below the range only an explicit bind can take it.
 */
const EPHEMERAL_MIN = (() => {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
})();
const PORT_FLOOR = Math.min(20000, EPHEMERAL_MIN - 1000);
const portsHandedOut = new Set();

/** Whether nothing listens on the loopback port now. */
function canBind(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A free loopback port below the ephemeral range, never handed out twice by this process. */
async function freePort() {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const port = PORT_FLOOR + Math.floor(Math.random() * (EPHEMERAL_MIN - PORT_FLOOR));
    if (portsHandedOut.has(port) || !(await canBind(port))) continue;
    portsHandedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${PORT_FLOOR} and ${EPHEMERAL_MIN}`);
}

/**
 * The environment of a process under test: this process's, without what
 * would change what it runs (DATABASE_URL, REDIS_URL and NODE_OPTIONS only
 * reach it when `env` sets them), logging warnings only, plus `env`.
 */
function childEnv(env = {}) {
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS']) delete inherited[name];
  // Metrics stay on, as in production, each process on a free port of its own (0): five processes on the
  // default 9464 would fail to start. bench/metrics.js measures what they cost.
  // The gateway's limits per client are off unless `env` sets them: a load generator is one address sending at
  // rates those limits exist to refuse. What they cost is bench/client-limits.js's figure.
  return {
    ...inherited,
    LOG_LEVEL: 'warn',
    OTEL_EXPORTER_PROMETHEUS_PORT: inherited.OTEL_EXPORTER_PROMETHEUS_PORT ?? '0',
    ...CLIENT_LIMITS_OFF,
    ...env,
  };
}

/** The Node.js binary processes under test run on: this one, unless useNodeBinary() named another. */
let nodeBinary = process.execPath;

/** Runs this build's processes under test on another Node.js (bench/builds.js BEFORE_NODE). */
function useNodeBinary(binary) {
  nodeBinary = binary;
}

/**
 * `node <args>` as a child process; stop() sends SIGTERM and resolves with the exit code (or signal).
 * `stdout: 'ignore'` sends its log lines to /dev/null: still formatted and written, as in production.
 */
function startNode(args, env, { stdout = 'inherit' } = {}) {
  const child = spawn(nodeBinary, args, { env, stdio: ['ignore', stdout, 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return {
    pid: child.pid,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** One component as deployed: its own process (`<folder>/dist/main.js`) with telemetry preloaded, configured by `env`. */
function startComponent(folder, env) {
  return startNode(['--require', PRELOAD, path.join(ROOT, folder, 'dist', 'main.js')], childEnv(env));
}

/** Polls `url` until it answers 2xx; fails at once when `exited` (a process's exit) resolves first. */
async function waitUntilAnswering(url, timeoutMs = 20_000, exited = undefined) {
  let exitedWith;
  exited?.then((code) => {
    exitedWith = code;
  });
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (exitedWith !== undefined) throw new Error(`${url}: the process exited (${exitedWith}) before answering`);
    if (Date.now() > giveUpAt) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** A started server: its processes' ids by name, where it answers, and stop(). */
function serverHandle(pids, port, stop) {
  const origin = `http://127.0.0.1:${port}`;
  return { pids, port, origin, base: `${origin}/api/v1`, stop };
}

/**
 * The baseline: bench/bare.js, a bare Koa app in a process of its own with
 * no preload (nothing in execArgv or NODE_OPTIONS); with `databaseUrl` it
 * also serves the session read through `pg`. `preload: true` loads the
 * telemetry preload, for measuring what the preload alone costs.
 */
async function startBare({ databaseUrl, preload = false, env = {} } = {}) {
  const port = await freePort();
  const args = [...(preload ? ['--require', PRELOAD] : []), path.join(__dirname, 'bare.js')];
  const bare = startNode(args, childEnv({ PORT: String(port), ...(databaseUrl && { DATABASE_URL: databaseUrl }), ...env }));
  await waitUntilAnswering(`http://127.0.0.1:${port}/api/v1/ping`, 20_000, bare.exited);
  return serverHandle({ bare: bare.pid }, port, bare.stop);
}

/**
 * The all-in-one process's environment: embedded defaults (PGlite under
 * `dataDir`, the in-process cache) unless `env` sets DATABASE_URL or
 * REDIS_URL, the gateway on `port` and each service on a free loopback port.
 */
function allInOneEnv(dataDir, port, env = {}) {
  return childEnv({ ...EPHEMERAL_PORTS_ENV, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env });
}

/**
 * `npm start`'s process: `node --liftoff-only --require common/dist/telemetry-preload.js
 * stack/dist/main.js` on a fresh temporary data directory (removed by stop())
 * unless `dataDir` is given; `stdout` as startNode takes it. Resolves once /ready answers 200.
 */
async function startAllInOne({ env = {}, dataDir, stdout } = {}) {
  const ownDir = dataDir === undefined;
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'evalplan-bench-'));
  const port = await freePort();
  const stack = startNode(ALL_IN_ONE_ARGS, allInOneEnv(dir, port, env), { stdout });
  const stop = async () => {
    await stack.stop();
    if (ownDir) fs.rmSync(dir, { recursive: true, force: true });
  };
  const handle = serverHandle({ evalplan: stack.pid }, port, stop);
  try {
    await waitUntilAnswering(`${handle.origin}/ready`, 60_000, stack.exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return handle;
}

/**
 * The services deployment: the gateway and the four services as five
 * processes, each with the preload, on `databaseUrl` and the Redis at
 * `redisUrl` (default REDIS_URL or redis://127.0.0.1:6379), wired by TCP
 * loopback addresses or, with transport "unix", unix sockets. The returned
 * handle's `database` names the database, for its backends' CPU. Resolves
 * once the gateway's /ready (which asks every service) answers 200.
 */
async function startServices(databaseUrl, { redisUrl, transport = 'tcp', env = {} } = {}) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalplan-bench-'));
  const port = await freePort();
  const wiring = {};
  for (const name of Object.keys(SERVICE_FOLDERS)) {
    const address = transport === 'unix' ? `unix:${workDir}/${name}.sock` : `127.0.0.1:${await freePort()}`;
    // Every process gets every address: each service listens on its own, callers dial theirs.
    wiring[`${name.toUpperCase()}_SERVICE_ADDR`] = address;
    wiring[`${name.toUpperCase()}_SERVICE_TARGET`] = address;
  }
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    DATA_DIR: workDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    ...wiring,
    ...env,
  };
  const processes = { gateway: startComponent('gateway', shared) };
  for (const [name, folder] of Object.entries(SERVICE_FOLDERS)) processes[name] = startComponent(folder, shared);
  const stop = async () => {
    // Gateway first, so no new calls reach the services.
    await processes.gateway.stop();
    await Promise.all(Object.values(processes).map((component) => component.stop()));
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const pids = Object.fromEntries(Object.entries(processes).map(([name, component]) => [name, component.pid]));
  const handle = { ...serverHandle(pids, port, stop), database: databaseNameOf(databaseUrl), targets: wiring };
  try {
    await waitUntilAnswering(`${handle.origin}/ready`, 60_000, Promise.race(Object.values(processes).map((p) => p.exited)));
  } catch (error) {
    await stop();
    throw error;
  }
  return handle;
}

/** CPU seconds (user + system, all threads) a process has used; Linux /proc only, NaN elsewhere. */
function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks; USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

/** A process's VmRSS and VmHWM (its peak) in MiB, from /proc/<pid>/status; undefined once it is gone. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss_mib: kib('VmRSS') / 1024, hwm_mib: kib('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** CPU seconds of the local PostgreSQL backends serving `database` (their command line names it). */
function postgresCpuSecondsFor(database) {
  const seconds = postgresBackendsOf(database)
    .map(cpuSecondsOf)
    .filter((value) => !Number.isNaN(value));
  return seconds.length > 0 ? seconds.reduce((sum, value) => sum + value, 0) : Number.NaN;
}

/** Ids of the local PostgreSQL backends serving `database` (their command line names it). */
function postgresBackendsOf(database) {
  const pids = [];
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (command.startsWith('postgres:') && command.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

/** Whether processes can be bound to CPUs here: Linux with taskset and at least two CPUs. */
function canPinCpus() {
  if (os.availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Binds a running process, all its threads, to `cpus` (taskset's list syntax, e.g. "0" or "0-2"); false if it is gone. */
function pinProcess(pid, cpus) {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** POST /sessions/create, then PUT each of `steps` ({n: stepData}); the session's id. */
async function createSession(base, steps = WIZARD_STEPS) {
  const created = await fetch(`${base}/sessions/create`, { method: 'POST' });
  if (created.status !== 201) throw new Error(`create session: ${created.status} ${await created.text()}`);
  const { sessionId } = await created.json();
  for (const [step, stepData] of Object.entries(steps)) {
    const saved = await fetch(`${base}/sessions/${sessionId}/wizard/step/${step}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stepData }),
    });
    if (!saved.ok) throw new Error(`save step ${step}: ${saved.status} ${await saved.text()}`);
  }
  return sessionId;
}

/** A complete session with its PDF generated: its id, for download loads. */
async function createSessionWithPdf(base) {
  const sessionId = await createSession(base);
  const generated = await fetch(`${base}/sessions/${sessionId}/generate-pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (generated.status !== 200) throw new Error(`generate pdf: ${generated.status} ${await generated.text()}`);
  return sessionId;
}

/** Sessions a step-save load spreads over, so saves do not queue on one row's lock. */
const SAVE_SESSIONS = 200;

/** PUT step 1 round-robin over SAVE_SESSIONS fresh sessions of `server` (any build's): an autocannon target. */
async function stepSaveTarget(server, extra) {
  const ids = [];
  for (let i = 0; i < SAVE_SESSIONS; i += 1) ids.push(await createSession(server.base, {}));
  let next = 0;
  const body = JSON.stringify({ stepData: WIZARD_STEPS[1] });
  return {
    url: server.base,
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, path: `/api/v1/sessions/${ids[next++ % SAVE_SESSIONS]}/wizard/step/1`, body }) }],
    cpu: server.pids,
    ...extra,
  };
}

module.exports = {
  useNodeBinary,
  ALL_IN_ONE_ARGS,
  SAVE_SESSIONS,
  stepSaveTarget,
  CLIENT_LIMITS_OFF,
  WIZARD_STEPS,
  allInOneEnv,
  alternatingRounds,
  canPinCpus,
  childEnv,
  cpuSecondsOf,
  createSession,
  createSessionWithPdf,
  databaseNameOf,
  formatCpu,
  freePort,
  freshProcessRounds,
  measuredRun,
  median,
  medianRatio,
  memoryOf,
  onOffCost,
  pinProcess,
  postgresBackendsOf,
  postgresCpuSecondsFor,
  printTable,
  run,
  settings,
  sleep,
  startAllInOne,
  startBare,
  startComponent,
  startNode,
  startServices,
  summarise,
  waitUntilAnswering,
  withDatabase,
  writeResult,
};
