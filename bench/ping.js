// Benchmark: GET /api/v1/ping through the full gateway against a bare Koa
// route returning the same JSON, in one run. Rounds alternate between the
// two so drift affects both; the median of the per-round ratios is reported.
// Usage: npm run bench  (options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS)
'use strict';
const { fork } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');

const seconds = Number(process.env.BENCH_SECONDS || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const rounds = Number(process.env.BENCH_ROUNDS || 5);

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const servers = fork(path.join(__dirname, 'servers.js'), {
    execArgv: ['--require', path.join(__dirname, '..', 'common', 'dist', 'telemetry-preload.js')],
  });
  const ports = await new Promise((resolve) => servers.once('message', resolve));
  const targets = {
    bare: `http://127.0.0.1:${ports.bare}/api/v1/ping`,
    gateway: `http://127.0.0.1:${ports.gateway}/api/v1/ping`,
  };
  const results = { bare: [], gateway: [] };
  // Warm-up: JIT and connection set-up for both.
  await run(targets.bare);
  await run(targets.gateway);
  for (let round = 0; round < rounds; round += 1) {
    for (const name of ['bare', 'gateway']) {
      const result = await run(targets[name]);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results[name].push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    }
  }
  servers.send('stop');

  const summary = {};
  for (const name of ['bare', 'gateway']) {
    summary[name] = {
      rps: Math.round(median(results[name].map((r) => r.rps))),
      p50_ms: median(results[name].map((r) => r.p50)),
      p99_ms: median(results[name].map((r) => r.p99)),
    };
  }
  // Each round runs bare then gateway back to back; the ratio within a round
  // cancels most of the machine's drift, so its median is the headline.
  const ratio = median(results.gateway.map((r, i) => r.rps / results.bare[i].rps));
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    seconds,
    connections,
    rounds,
    summary,
    ratio: Number(ratio.toFixed(3)),
    rounds_detail: results,
  };
  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `ping-${report.date.replace(/[:.]/g, '-')}.json`), JSON.stringify(report, null, 2));

  console.log('| route | req/s (median) | p50 ms | p99 ms |');
  console.log('|---|---|---|---|');
  for (const name of ['bare', 'gateway']) {
    console.log(`| ${name} | ${summary[name].rps} | ${summary[name].p50_ms} | ${summary[name].p99_ms} |`);
  }
  console.log(`\ngateway / bare throughput: ${ratio.toFixed(3)} (target >= 0.8)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
