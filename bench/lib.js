// Shared pieces of the benchmark scripts: the server child process, autocannon
// runs, alternating rounds and result files.
'use strict';
const { execFileSync, fork, spawn } = require('node:child_process');
const os = require('node:os');
const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const autocannon = require('autocannon');

const settings = {
  seconds: Number(process.env.BENCH_SECONDS || 8),
  connections: Number(process.env.BENCH_CONNECTIONS || 50),
  rounds: Number(process.env.BENCH_ROUNDS || 5),
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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

/** The stack plus a bare Koa route, in a child process with telemetry preloaded (bench/servers.js). */
async function startServers(env = {}) {
  const child = fork(path.join(__dirname, 'servers.js'), {
    execArgv: process.env.BENCH_NO_TELEMETRY ? [] : ['--require', path.join(__dirname, '..', 'common', 'dist', 'telemetry-preload.js')],
    env: { ...process.env, ...env },
  });
  const ports = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`servers exited with ${code}`)));
  });
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  return { ports, stop: () => (child.send('stop'), stopped) };
}

/**
 * Runs each target once to warm up, then `rounds` rounds of all targets back
 * to back, so drift of the machine affects every target alike; every other
 * round runs them in reverse order (A B, B A, ...), so neither target is
 * always the one that runs after the other. `onRun` sees every autocannon
 * result, warm-ups included. `options` may set rounds and seconds.
 */
async function alternatingRounds(targets, onRun = () => undefined, options = {}) {
  const rounds = options.rounds ?? settings.rounds;
  const duration = options.seconds ?? settings.seconds;
  for (const [name, target] of Object.entries(targets)) onRun(name, await run({ duration, ...target }));
  const results = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  const names = Object.keys(targets);
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const result = await run({ duration, ...targets[name] });
      onRun(name, result);
      results[name].push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    }
  }
  return results;
}

function summarise(rounds) {
  return {
    rps: Math.round(median(rounds.map((r) => r.rps))),
    p50_ms: median(rounds.map((r) => r.p50)),
    p99_ms: median(rounds.map((r) => r.p99)),
  };
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

function printTable(summary) {
  console.log('| target | req/s (median) | p50 ms | p99 ms |');
  console.log('|---|---|---|---|');
  for (const [name, s] of Object.entries(summary)) console.log(`| ${name} | ${s.rps} | ${s.p50_ms} | ${s.p99_ms} |`);
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

const ROOT = path.join(__dirname, '..');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free loopback port (closed again at once, so the child can bind it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/**
 * One component as deployed: its own process (`<component>/dist/main.js`)
 * with telemetry preloaded, configured by environment. Logs only warnings.
 */
function startComponent(component, env) {
  const child = spawn(
    process.execPath,
    ['--require', path.join(ROOT, 'common', 'dist', 'telemetry-preload.js'), path.join(ROOT, component, 'dist', 'main.js')],
    { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    exited,
    stop: () => (child.exitCode === null && child.kill('SIGTERM'), exited),
  };
}

/** Polls `url` until it answers 2xx (a component started by startComponent is listening). */
async function waitUntilAnswering(url, timeoutMs = 20_000) {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > giveUpAt) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(100);
  }
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

module.exports = {
  postgresBackendsOf,
  canPinCpus,
  pinProcess,
  settings,
  median,
  sleep,
  run,
  startServers,
  alternatingRounds,
  summarise,
  medianRatio,
  writeResult,
  printTable,
  withDatabase,
  freePort,
  startComponent,
  waitUntilAnswering,
  cpuSecondsOf,
  postgresCpuSecondsFor,
};
