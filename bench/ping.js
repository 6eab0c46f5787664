// Benchmark: GET /api/v1/ping through the stack as production runs it,
// against a bare Koa app answering the same JSON in a process of its own
// with no preload (bench/bare.js: the limit of this machine), in one run:
//  - embedded: the all-in-one process (`npm start`: PGlite, in-process cache,
//    activity recording on);
//  - services: the gateway of the five-process deployment (PostgreSQL on a
//    throw-away database, Redis at REDIS_URL, default redis://127.0.0.1:6379).
// Every round starts the three afresh (identical processes differ by 10-30 %,
// so the median over rounds is over as many processes) and alternates their
// order, so drift affects all; the median of the per-round ratios is
// reported, with each server's CPU µs per request: the all-in-one process,
// and the five processes plus PostgreSQL's backends (the gateway records
// every ping through activity-service).
// Usage: npm run bench  (options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS)
'use strict';
const lib = require('./lib');

async function measure(databaseUrl) {
  // Fresh processes every round: one process's figure is partly its luck (bench/lib.js freshProcessRounds).
  const results = await lib.freshProcessRounds({
    bare: async () => {
      const bare = await lib.startBare();
      return { target: { url: `${bare.base}/ping`, cpu: bare.pids }, stop: bare.stop };
    },
    embedded: async () => {
      const embedded = await lib.startAllInOne();
      return { target: { url: `${embedded.base}/ping`, cpu: embedded.pids }, stop: embedded.stop };
    },
    services: async () => {
      const services = await lib.startServices(databaseUrl);
      return { target: { url: `${services.base}/ping`, cpu: services.pids, database: services.database }, stop: services.stop };
    },
  });

  const summary = Object.fromEntries(Object.entries(results).map(([name, rounds]) => [name, lib.summarise(rounds)]));
  const ratios = {
    embedded_over_bare: lib.medianRatio(results, 'embedded', 'bare'),
    services_over_bare: lib.medianRatio(results, 'services', 'bare'),
  };
  lib.writeResult('ping', {
    date: new Date().toISOString(),
    node: process.version,
    ...lib.settings,
    summary,
    ratios,
    rounds_detail: results,
  });
  lib.printTable(summary);
  console.log(`\nembedded / bare Koa: ${ratios.embedded_over_bare.toFixed(3)} (target >= 0.50)`);
  console.log(`services gateway / bare Koa: ${ratios.services_over_bare.toFixed(3)}`);
}

lib.withDatabase(measure).catch((error) => {
  console.error(error);
  process.exit(1);
});
