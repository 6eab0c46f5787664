// Every benchmark, one after another, each in a process of its own, then one
// table of their figures with issue 19's targets (docs/benchmarks.md keeps it
// with its date): | figure | value | target | pass/fail |. Every throughput
// ratio's baseline is in a process of its own, and each ratio carries the
// CPU µs per request of the processes that serve it. Services-mode runs use
// the Redis at REDIS_URL (default redis://127.0.0.1:6379) and throw-away
// PostgreSQL databases. A benchmark that fails is reported and the rest still
// run; the exit code is non-zero only then, never for a missed target.
// The summary is also written to bench/results/all-<date>.json, with every
// benchmark's result, so `node bench/all.js --from <that file>` prints the
// table again (with the targets as they are now), and `--from a.json b.json`
// prints runs side by side (before and after).
// Usage: npm run bench:all   (BENCH_ONLY=ping,wizard runs a subset; BENCH_SECONDS, BENCH_ROUNDS as for each benchmark)
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const RESULTS = path.join(__dirname, 'results');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Services-mode ping ÷ bare Koa may not fall below what it was before issue
 * 19 (its target: "not lower than today"). The 0.625 measured then had the
 * baseline inside the process under test; this is the same figure from this
 * harness on the code before issue 19, on a quiet machine (docs/benchmarks.md,
 * "Issue 19: bench:all before"). Other load on the machine pushes ratios
 * towards 1, so compare runs made on a quiet machine.
 */
const SERVICES_PING_FLOOR = 0.245;
const MB_PER_MIB = 1.048576;

const fixed = (value, digits = 3) => (typeof value === 'number' ? value.toFixed(digits) : String(value));
const us = (value) => `${fixed(value, 1)} µs`;
const mib = (value) => `${value} MiB`;

/**
 * A row: its figure, the value shown and, with a target, whether the value
 * meets it. `info` names where an informational target comes from: shown,
 * not held to.
 */
function row(figure, value, target, meets, info) {
  if (target === undefined) return { figure, value, target: '—', result: '—' };
  if (info) return { figure, value, target: `${target} (${info}, info)`, result: meets ? 'pass (info)' : 'fail (info)' };
  return { figure, value, target, result: meets === undefined ? '—' : meets ? 'pass' : '**fail**' };
}

/** The CPU cell of a summarised target: its total and, for several processes, the gateway's share. */
function cpuOf(summary) {
  const gateway = summary.cpu_us_per_request?.gateway;
  const total = us(summary.cpu_us_total);
  return gateway !== undefined && Object.keys(summary.cpu_us_per_request).length > 1 ? `${total} (gateway ${fixed(gateway, 1)})` : total;
}

/** "0.183; CPU per request 145.9 µs vs 34.1 µs" */
const ratioWithCpu = (ratio, numerator, denominator) => `${fixed(ratio)}; CPU/req ${cpuOf(numerator)} vs ${cpuOf(denominator)}`;

/** The rows of a feature's on ÷ off cost (bench/lib.js onOffCost), with its throughput target if it has one. */
function onOffRows(r, feature, target) {
  const cpu = r.same_rate.cpu_us_per_request;
  return [
    row(
      `Ping, all-in-one: ${feature} on ÷ off (issue 22)`,
      `${fixed(r.ratio_on_over_off)}; CPU/req ${cpuOf(r.summary.on)} vs ${cpuOf(r.summary.off)}`,
      target,
      target === undefined ? undefined : r.ratio_on_over_off >= Number(target.replace(/[^\d.]/g, '')),
    ),
    row(`  CPU µs per ping at ${r.same_rate.rate} req/s: ${feature} on / off`, `${fixed(cpu.on, 1)} / ${fixed(cpu.off, 1)}`),
  ];
}

/** Each benchmark: its script, extra environment, its result file prefix and the rows it gives. */
const BENCHMARKS = [
  {
    name: 'ping',
    script: 'ping.js',
    env: { REDIS_URL },
    rows: (r) => {
      const ratio = r.ratios.services_over_bare;
      return [
        row(
          'Ping: embedded ÷ bare Koa',
          ratioWithCpu(r.ratios.embedded_over_bare, r.summary.embedded, r.summary.bare),
          '≥ 0.50',
          r.ratios.embedded_over_bare >= 0.5,
        ),
        row(
          'Ping: services gateway ÷ bare Koa',
          ratioWithCpu(ratio, r.summary.services, r.summary.bare),
          `≥ ${fixed(SERVICES_PING_FLOOR)} (before)`,
          ratio >= SERVICES_PING_FLOOR,
        ),
        row(
          '  ping req/s: bare Koa / embedded / services',
          `${r.summary.bare.rps} / ${r.summary.embedded.rps} / ${r.summary.services.rps}`,
        ),
      ];
    },
  },
  {
    name: 'telemetry',
    script: 'telemetry.js',
    rows: (r) => {
      const {
        bare,
        bare_again: bareAgain,
        preload_no_exporter: noExporter,
        tracing_ratio_1: tracing1,
        tracing_ratio_0_1: tracing01,
      } = r.variants;
      const variant = (v) => `${fixed(v.ratio)}; CPU/req ${us(v.cpu_us_per_request)} vs ${us(bare.cpu_us_per_request)}`;
      return [
        row('Bare Koa + telemetry preload, no exporter ÷ bare Koa', variant(noExporter), '≥ 0.95', noExporter.ratio >= 0.95),
        row('Bare Koa + tracing at ratio 1.0 ÷ bare Koa', variant(tracing1)),
        row('Bare Koa + tracing at ratio 0.1 ÷ bare Koa', variant(tracing01)),
        // Two identical processes: what the machine alone does to a ratio in this run.
        ...(bareAgain ? [row('  noise floor: a second bare Koa process ÷ bare Koa', variant(bareAgain))] : []),
      ];
    },
  },
  {
    name: 'metrics',
    script: 'metrics.js',
    rows: (r) => onOffRows(r, 'metrics', '≥ 0.97'),
  },
  {
    name: 'access-log',
    script: 'access-log.js',
    rows: (r) => onOffRows(r, 'access log'),
  },
  {
    name: 'client-limits',
    script: 'client-limits.js',
    env: { REDIS_URL },
    rows: (r) => {
      const cost = (name, c, target) => [
        row(
          `${name}: limits per client on ÷ off (issue 36)`,
          `${fixed(c.ratio_on_over_off)}; CPU/req ${cpuOf(c.summary.on)} vs ${cpuOf(c.summary.off)}`,
          target,
          target === undefined ? undefined : c.ratio_on_over_off >= 0.95,
        ),
        row(
          `  CPU µs per request at ${c.same_rate.rate} req/s: on / off`,
          `${fixed(c.same_rate.cpu_us_per_request.on, 1)} / ${fixed(c.same_rate.cpu_us_per_request.off, 1)}`,
        ),
      ];
      return [
        ...cost('Session create, all-in-one', r.embedded_create),
        ...cost('Session create, services (Redis; gateway CPU)', r.services_create),
        ...cost('Ping, all-in-one (not guarded)', r.ping, '≥ 0.95'),
      ];
    },
  },
  {
    name: 'auth',
    script: 'auth.js',
    env: { REDIS_URL },
    rows: (r) => [
      row(
        `/auth/me ÷ ping, same all-in-one process (blacklist in ${r.blacklist})`,
        ratioWithCpu(r.ratio, r.summary.me, r.summary.ping),
        // Issue 3's target. The figure read 1.03 when ping itself cost 130 µs; it reads lower as ping gets cheaper.
        '≥ 0.6 (issue 3)',
        r.ratio >= 0.6,
      ),
      row(`  login at bcrypt cost ${r.bcrypt_cost}, req/s`, String(r.login.rps)),
    ],
  },
  {
    name: 'wizard',
    script: 'wizard.js',
    env: { REDIS_URL },
    rows: (r) => [
      row(
        `Session read: embedded ÷ services (${r.transport})`,
        ratioWithCpu(r.ratios.embedded_over_services, r.read.embedded, r.read.services),
        '≥ 1.0',
        r.ratios.embedded_over_services >= 1,
      ),
      row('Session read: embedded ÷ bare Koa+pg', ratioWithCpu(r.ratios.embedded_over_bare, r.read.embedded, r.read.bare)),
      row(
        'Session read: services ÷ bare Koa+pg',
        ratioWithCpu(r.ratios.services_over_bare, r.read.services, r.read.bare),
        '≥ 0.55 (issue 20)',
        r.ratios.services_over_bare >= 0.55,
      ),
      // Runs written before issue 20 have no grpc-js proxy target.
      ...(r.read.grpcjs_proxy
        ? [
            row(
              '  gateway CPU µs per proxied session read vs a bare Koa app with a plain grpc-js client',
              `${r.read.services.cpu_us_per_request?.gateway} vs ${r.read.grpcjs_proxy.cpu_us_per_request?.proxy} ` +
                `(req/s services ÷ grpc-js proxy ${r.ratios.services_over_grpcjs_proxy.toFixed(3)})`,
            ),
          ]
        : []),
      row(
        '  session read req/s: bare Koa+pg / services / embedded',
        `${r.read.bare.rps} / ${r.read.services.rps} / ${r.read.embedded.rps}`,
      ),
      row(
        'Step save: embedded ÷ services',
        ratioWithCpu(r.ratios.step_save_embedded_over_services, r.stepSave.embedded, r.stepSave.services),
      ),
      row(
        '  step save req/s, p99 ms: embedded / services',
        `${r.stepSave.embedded.rps}, ${r.stepSave.embedded.p99_ms} / ${r.stepSave.services.rps}, ${r.stepSave.services.p99_ms}`,
      ),
    ],
  },
  {
    name: 'pdf',
    script: 'pdf.js',
    rows: (r) => [
      row('PDF, built-in layout on one worker: median ms', String(r.single.median_ms), '≤ 25', r.single.median_ms <= 25),
      row('  same plan in CJK, Arabic and Hebrew (fallback fonts, bidi): median ms', r.scripts ? String(r.scripts.median_ms) : '—'),
      row(
        'PDF render pool: all workers ÷ one (median of the rounds)',
        r.throughput.per_round
          ? `${r.throughput.ratio} (rounds ${r.throughput.per_round.map((round) => round.ratio).join(', ')})`
          : String(r.throughput.ratio),
        '≥ 1.5',
        r.throughput.ratio >= 1.5,
      ),
      row(
        '  plans/s and CPU ms per plan: one worker; all workers',
        r.throughput.one
          ? `${r.throughput.one.plans_per_s}, ${r.throughput.one.cpu_ms_per_plan}; ${r.throughput.all.plans_per_s}, ${r.throughput.all.cpu_ms_per_plan}`
          : '—',
      ),
      row(
        '  the machine’s own ceiling (pure-JS loop, all threads ÷ one); the pool’s share of it',
        r.throughput.ceiling === undefined ? '—' : `${r.throughput.ceiling}; ${Math.round(r.throughput.ratio_of_ceiling * 100)} %`,
      ),
      row(
        '  generate-pdf end to end, embedded: req/s, p99 ms, CPU/req',
        `${r.e2e.rps}, ${r.e2e.p99_ms}, ${r.e2e.cpu_us_per_request === undefined ? '—' : us(r.e2e.cpu_us_per_request)}`,
      ),
    ],
  },
  {
    name: 'activity',
    script: 'activity.js',
    rows: (r) => [
      row(
        'Ping, activity recording on ÷ off: embedded',
        `${fixed(r.embedded.ratio)}; CPU/req off → on ${us(r.embedded.cpu_us_per_request_off)} → ${us(r.embedded.cpu_us_per_request_on)}`,
      ),
      row(
        'Ping, activity recording on ÷ off: services (gateway + activity-service)',
        `${fixed(r.ratio)}; CPU/req off → on ${cpuOf(r.summary['recording off'])} → ${cpuOf(r.summary['recording on'])}`,
      ),
      row(
        '  services gateway on a CPU of its own, on ÷ off',
        typeof r.gateway_on_own_cpu === 'object' ? fixed(r.gateway_on_own_cpu.ratio) : 'skipped',
      ),
      row(
        '  services gateway CPU/req at a fixed rate, off → on',
        `${us(r.cpu.gateway_us_per_request_off)} → ${us(r.cpu.gateway_us_per_request_on)}`,
      ),
    ],
  },
  {
    name: 'activity-storage',
    script: 'activity-storage.js',
    rows: (r) =>
      r.runs.map((run) =>
        row(
          `Recorded request, CPU µs per event at ${run.batch_size} per batch (encode / activity-service / PostgreSQL)`,
          [run.encode_us_per_event, run.activity_service_us_per_event, run.postgres_us_per_event].map((v) => fixed(v, 1)).join(' / '),
        ),
      ),
  },
  {
    name: 'startup',
    script: 'startup.js',
    env: { REDIS_URL },
    rows: (r) => {
      // RSS is read in MiB; the targets are in MB.
      const memory = (figure, valueMib, limitMb) => row(figure, mib(valueMib), `≤ ${limitMb} MB`, valueMib * MB_PER_MIB <= limitMb);
      const rows = [
        row(
          '/health after a first start (empty data directory)',
          `${r.first_start.health_ms} ms`,
          '≤ 10 s',
          r.first_start.health_ms <= 10_000,
        ),
        row('/health after a restart (existing data directory)', `${r.restart.health_ms} ms`, '≤ 10 s', r.restart.health_ms <= 10_000),
        memory('Peak RSS, first start', r.first_start.peak_rss_mib, 600),
        memory('Idle RSS after a first start and warm-up', r.first_start.idle_rss_mib, 350),
        row('Peak RSS, restart', mib(r.restart.peak_rss_mib)),
        memory('Idle RSS after a restart and warm-up', r.restart.idle_rss_mib, 350),
      ];
      if (r.services) {
        const each = Object.entries(r.services.idle_rss_mib).map(([name, value]) => `${name} ${value}`);
        rows.push(row('  services mode, idle RSS per process (MiB)', `${each.join(', ')} (total ${r.services.idle_rss_total_mib})`));
      }
      return rows;
    },
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

/** Runs one benchmark; its outcome and, when it ran, its result. */
function runBenchmark(bench) {
  const startedAt = Date.now();
  const script = path.join(__dirname, bench.script);
  console.log(`\n# ${bench.script}\n`);
  const outcome = spawnSync(process.execPath, [script], { stdio: 'inherit', env: { ...process.env, ...bench.env } });
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  const result = outcome.status === 0 ? newestResult(bench.name, startedAt) : undefined;
  return { name: bench.name, status: result ? 'ok' : 'failed', seconds, result };
}

/** The table's rows from the benchmarks' outcomes. */
function rowsOf(outcomes) {
  const rows = [];
  for (const outcome of outcomes) {
    const bench = BENCHMARKS.find((b) => b.name === outcome.name);
    if (outcome.status === 'ok') rows.push(...bench.rows(outcome.result));
    else rows.push(row(`${bench.script}: FAILED to run`, '—'));
  }
  return rows;
}

function printSummary(summary) {
  const settings = Object.entries(summary.settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  console.log(`\n# bench:all, ${summary.date.slice(0, 10)}, node ${summary.node}${settings ? ` (${settings})` : ''}\n`);
  console.log(`| figure (${summary.date.slice(0, 10)}, node ${summary.node}) | value | target | pass/fail |`);
  console.log('|---|---|---|---|');
  for (const r of summary.rows) console.log(`| ${r.figure} | ${r.value} | ${r.target} | ${r.result} |`);
  const durations = summary.benchmarks.filter((b) => b.seconds !== undefined).map((b) => `${b.name} ${b.seconds} s`);
  console.log(`\nduration: ${summary.seconds} s (${durations.join(', ')})`);
}

/**
 * Several stored runs side by side (before and after a change, or repeated
 * runs on a noisy machine): one value column per run, their verdicts joined.
 */
function printComparison(summaries) {
  const figures = new Map();
  summaries.forEach((summary, column) => {
    for (const r of summary.rows) {
      if (!figures.has(r.figure)) figures.set(r.figure, { target: r.target, values: [], results: [] });
      Object.assign(figures.get(r.figure).values, { [column]: r.value });
      Object.assign(figures.get(r.figure).results, { [column]: r.result });
    }
  });
  const labels = summaries.map((summary) => `${summary.date.slice(0, 16).replace('T', ' ')} UTC`);
  const nodes = [...new Set(summaries.map((summary) => summary.node))].join(', ');
  console.log(`| figure (node ${nodes}) | ${labels.join(' | ')} | target | pass/fail |`);
  console.log(`|---|${labels.map(() => '---|').join('')}---|---|`);
  for (const [figure, { target, values, results }] of figures) {
    const cells = summaries.map((_, column) => values[column] ?? '—');
    const verdicts = summaries.map((_, column) => results[column] ?? '—');
    const verdict = verdicts.every((v) => v === '—') ? '—' : verdicts.join(' / ');
    console.log(`| ${figure} | ${cells.join(' | ')} | ${target} | ${verdict} |`);
  }
}

function main() {
  const from = process.argv.indexOf('--from');
  if (from !== -1) {
    const stored = process.argv.slice(from + 1).map((file) => JSON.parse(fs.readFileSync(file, 'utf8')));
    const summaries = stored.map((summary) => ({ ...summary, rows: rowsOf(summary.benchmarks) }));
    if (summaries.length === 1) printSummary(summaries[0]);
    else printComparison(summaries);
    return;
  }
  const startedAt = Date.now();
  const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
  const benchmarks = BENCHMARKS.filter((bench) => !only || only.has(bench.name)).map(runBenchmark);
  const date = new Date().toISOString();
  const summary = {
    date,
    node: process.version,
    settings: Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('BENCH_'))),
    seconds: Math.round((Date.now() - startedAt) / 1000),
    benchmarks,
    rows: rowsOf(benchmarks),
  };
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, `all-${date.replace(/[:.]/g, '-')}.json`), JSON.stringify(summary, null, 2));
  printSummary(summary);
  const failed = benchmarks.filter((b) => b.status === 'failed').map((b) => b.name);
  if (failed.length > 0) {
    console.error(`\nfailed to run: ${failed.join(', ')}`);
    process.exit(1);
  }
}

main();
