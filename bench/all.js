// Every benchmark, one after another, each in a process of its own, then one
// summary table of their headline figures (the rows of docs/benchmarks.md's
// "Current figures"). bench:auth runs against the Redis at REDIS_URL
// (default redis://127.0.0.1:6379), as in production; the others use what
// they always use. A benchmark that fails is reported and the rest still run.
// Usage: npm run bench:all   (BENCH_ONLY=ping,wizard runs a subset)
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const RESULTS = path.join(__dirname, 'results');

/** Each benchmark: its script, extra environment, its result file prefix and the figures the summary shows. */
const BENCHMARKS = [
  {
    name: 'ping',
    script: 'ping.js',
    figures: (r) => [
      ['GET /api/v1/ping, gateway / bare Koa', r.ratio.toFixed(3)],
      ['  gateway req/s (bare)', `${r.summary.gateway.rps} (${r.summary.bare.rps})`],
    ],
  },
  {
    name: 'auth',
    script: 'auth.js',
    env: { REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' },
    figures: (r) => [
      ['GET /auth/me / GET /ping (Redis blacklist)', r.ratio.toFixed(3)],
      [`  login at bcrypt cost ${r.bcrypt_cost}, req/s`, String(r.login.rps)],
    ],
  },
  {
    name: 'wizard',
    script: 'wizard.js',
    result: ['wizard-tcp', 'wizard-unix'],
    figures: (r) => [
      [`session read, gateway / bare pg route (${r.transport})`, r.ratio.toFixed(3)],
      [`  step save req/s, p99 ms (${r.transport})`, `${r.stepSave.rps}, ${r.stepSave.p99_ms}`],
    ],
  },
  {
    name: 'pdf',
    script: 'pdf.js',
    figures: (r) => [
      ['built-in layout, one worker: median ms', String(r.single.median_ms)],
      ['  render pool, all workers / one', String(r.throughput.ratio)],
      ['  generate-pdf end to end req/s, p99 ms', `${r.e2e.rps}, ${r.e2e.p99_ms}`],
    ],
  },
  {
    name: 'activity',
    script: 'activity.js',
    figures: (r) => [
      ['/ping recording on / off, co-located', r.ratio.toFixed(3)],
      ['  gateway on its own CPU, on / off', typeof r.gateway_on_own_cpu === 'object' ? r.gateway_on_own_cpu.ratio.toFixed(3) : 'skipped'],
      [
        '  gateway CPU µs per request, off → on',
        `${r.cpu.gateway_us_per_request_off.toFixed(1)} → ${r.cpu.gateway_us_per_request_on.toFixed(1)}`,
      ],
    ],
  },
  {
    name: 'activity-storage',
    script: 'activity-storage.js',
    figures: (r) =>
      r.runs.map((run) => [
        `recorded request, CPU µs per event at ${run.batch_size} per batch (encode / activity-service / PostgreSQL)`,
        [run.encode_us_per_event, run.activity_service_us_per_event, run.postgres_us_per_event].map((v) => v.toFixed(1)).join(' / '),
      ]),
  },
];

/** The newest result file of `prefix` written after `since`. */
function newestResult(prefix, since) {
  const files = fs.existsSync(RESULTS) ? fs.readdirSync(RESULTS) : [];
  const candidates = files
    .filter((file) => file.startsWith(`${prefix}-2`) && file.endsWith('.json'))
    .map((file) => ({ file, mtime: fs.statSync(path.join(RESULTS, file)).mtimeMs }))
    .filter((entry) => entry.mtime >= since)
    .sort((a, b) => b.mtime - a.mtime);
  return candidates[0] && JSON.parse(fs.readFileSync(path.join(RESULTS, candidates[0].file), 'utf8'));
}

function main() {
  const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
  const rows = [];
  const failed = [];
  for (const bench of BENCHMARKS) {
    if (only && !only.has(bench.name) && !only.has(bench.script.replace(/\.js$/, ''))) continue;
    const startedAt = Date.now();
    console.log(`\n# ${bench.script}\n`);
    const outcome = spawnSync(process.execPath, [path.join(__dirname, bench.script)], {
      stdio: 'inherit',
      env: { ...process.env, ...bench.env },
    });
    if (outcome.status !== 0) {
      failed.push(bench.script);
      continue;
    }
    for (const prefix of bench.result ?? [bench.name]) {
      const result = newestResult(prefix, startedAt);
      if (result) rows.push(...bench.figures(result));
    }
  }
  console.log(`\n# Summary (${new Date().toISOString().slice(0, 10)}, node ${process.version})\n`);
  console.log('| benchmark | figure |');
  console.log('|---|---|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
  if (failed.length > 0) {
    console.error(`\nfailed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

main();
