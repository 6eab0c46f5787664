// Benchmark for activity recording (issue 6): GET /api/v1/ping through the
// gateway with recording on against the same stack with ACTIVITY_RECORDING=false,
// in one run. Two stacks in two processes; rounds alternate between them, so
// only one is under load at a time; the median of the per-round ratios is
// reported, with the rows the recording stack stored and dropped.
// Usage: npm run bench:activity  (options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS)
'use strict';
const { settings, startServers, alternatingRounds, summarise, medianRatio, writeResult, printTable, withDatabase } = require('./lib');

async function main() {
  await withDatabase(measure);
}

/** Against PostgreSQL, as deployed: PGlite would put every insert on the gateway's own thread. */
async function measure(databaseUrl) {
  const recording = await startServers({ ACTIVITY_RECORDING: 'true', DATABASE_URL: databaseUrl });
  const silent = await startServers({ ACTIVITY_RECORDING: 'false', DATABASE_URL: databaseUrl });
  let results;
  try {
    results = await alternatingRounds({
      off: { url: `http://127.0.0.1:${silent.ports.gateway}/api/v1/ping` },
      on: { url: `http://127.0.0.1:${recording.ports.gateway}/api/v1/ping` },
    });
  } finally {
    await Promise.all([recording.stop(), silent.stop()]);
  }
  const summary = { 'recording off': summarise(results.off), 'recording on': summarise(results.on) };
  const ratio = medianRatio(results, 'on', 'off');
  writeResult('activity', { date: new Date().toISOString(), node: process.version, ...settings, summary, ratio, rounds_detail: results });
  printTable(summary);
  console.log(`\nrecording on / off throughput: ${ratio.toFixed(3)} (target >= 0.9)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
