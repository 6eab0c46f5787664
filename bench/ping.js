// Benchmark: GET /api/v1/ping through the full gateway against a bare Koa
// route returning the same JSON, in one run. Rounds alternate between the
// two so drift affects both; the median of the per-round ratios is reported.
// Usage: npm run bench  (options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS)
'use strict';
const { settings, startServers, alternatingRounds, summarise, medianRatio, writeResult, printTable } = require('./lib');

async function main() {
  const servers = await startServers();
  const results = await alternatingRounds({
    bare: { url: `http://127.0.0.1:${servers.ports.bare}/api/v1/ping` },
    gateway: { url: `http://127.0.0.1:${servers.ports.gateway}/api/v1/ping` },
  });
  await servers.stop();

  const summary = { bare: summarise(results.bare), gateway: summarise(results.gateway) };
  const ratio = medianRatio(results, 'gateway', 'bare');
  writeResult('ping', { date: new Date().toISOString(), node: process.version, ...settings, summary, ratio, rounds_detail: results });
  printTable(summary);
  console.log(`\ngateway / bare throughput: ${ratio.toFixed(3)} (target >= 0.8)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
