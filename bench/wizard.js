// Benchmark for the wizard (issues 4 and 19), in one run, each server in a
// process of its own:
//  1. GET /api/v1/sessions/{id} of a complete four-step session through
//     - embedded: the all-in-one process (`npm start`, PGlite),
//     - services: the five-process deployment on a throw-away PostgreSQL
//       database (gateway -> wizard-service -> PostgreSQL),
//     - bare: a bare Koa app with no preload doing the same SELECT through
//       `pg` on that database (bench/bare.js),
//     in alternating rounds; the medians of the per-round ratios embedded /
//     services (issue 19's target: >= 1.0, nothing crosses a process there),
//     embedded / bare and services / bare;
//  2. step saves: PUT step 1 round-robin over many sessions, embedded and
//     services in alternating rounds.
// Session reads start every target's processes afresh each round; step saves
// run on one deployment of each.
// Every row carries the CPU µs per request of the processes that serve it
// (PostgreSQL's backends included where PostgreSQL does the work).
// The services talk over TCP (as between pods); BENCH_GRPC=unix puts them on
// unix sockets (co-located processes).
// Usage: npm run bench:wizard  (options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS, BENCH_GRPC)
'use strict';
const lib = require('./lib');

const TRANSPORT = process.env.BENCH_GRPC || 'tcp';

const summariseAll = (results) => Object.fromEntries(Object.entries(results).map(([name, rounds]) => [name, lib.summarise(rounds)]));

/**
 * Session reads, every target in processes started afresh each round
 * (identical processes differ by 10-30 %: bench/lib.js freshProcessRounds).
 * The services deployments share the database, so one session made through
 * the first of them is read by all; each all-in-one process gets its own.
 */
async function measureReads(databaseUrl, database) {
  let sessionId;
  let services;
  return lib.freshProcessRounds({
    services: async () => {
      services = await lib.startServices(databaseUrl, { transport: TRANSPORT });
      sessionId ??= await lib.createSession(services.base);
      return { target: { url: `${services.base}/sessions/${sessionId}`, cpu: services.pids, database }, stop: services.stop };
    },
    // Issue 20: a bare Koa app calling this round's wizard-service through a plain grpc-js client, for the gateway's CPU per call.
    grpcjs_proxy: async () => {
      const wizard = services;
      const proxy = await lib.startBare({ env: { WIZARD_TARGET: wizard.targets.WIZARD_SERVICE_TARGET } });
      const cpu = { proxy: proxy.pids.bare, wizard: wizard.pids.wizard };
      return { target: { url: `${proxy.base}/sessions/${sessionId}`, cpu, database }, stop: proxy.stop };
    },
    bare: async () => {
      const bare = await lib.startBare({ databaseUrl });
      return { target: { url: `${bare.base}/sessions/${sessionId}`, cpu: bare.pids, database }, stop: bare.stop };
    },
    embedded: async () => {
      const embedded = await lib.startAllInOne();
      const id = await lib.createSession(embedded.base);
      return { target: { url: `${embedded.base}/sessions/${id}`, cpu: embedded.pids }, stop: embedded.stop };
    },
  });
}

async function measure(databaseUrl) {
  const database = lib.databaseNameOf(databaseUrl);
  const reads = await measureReads(databaseUrl, database);
  const services = await lib.startServices(databaseUrl, { transport: TRANSPORT });
  const embedded = await lib.startAllInOne();
  let saves;
  try {
    saves = await lib.alternatingRounds({
      services: await lib.stepSaveTarget(services, { database }),
      embedded: await lib.stepSaveTarget(embedded),
    });
  } finally {
    await Promise.all([services.stop(), embedded.stop()]);
  }

  const read = summariseAll(reads);
  const stepSave = summariseAll(saves);
  const ratios = {
    embedded_over_services: lib.medianRatio(reads, 'embedded', 'services'),
    embedded_over_bare: lib.medianRatio(reads, 'embedded', 'bare'),
    services_over_bare: lib.medianRatio(reads, 'services', 'bare'),
    services_over_grpcjs_proxy: lib.medianRatio(reads, 'services', 'grpcjs_proxy'),
    step_save_embedded_over_services: lib.medianRatio(saves, 'embedded', 'services'),
  };
  lib.writeResult('wizard', {
    date: new Date().toISOString(),
    node: process.version,
    transport: TRANSPORT,
    ...lib.settings,
    read,
    stepSave,
    ratios,
    rounds_detail: { reads, saves },
  });
  console.log(`## session read (services on ${TRANSPORT})\n`);
  lib.printTable(read);
  console.log(`\nembedded / services: ${ratios.embedded_over_services.toFixed(3)} (target >= 1.0)`);
  console.log(`embedded / bare Koa+pg: ${ratios.embedded_over_bare.toFixed(3)}`);
  console.log(`services / bare Koa+pg: ${ratios.services_over_bare.toFixed(3)} (issue 20's target >= 0.55)`);
  console.log(
    `services / bare Koa + plain grpc-js client: ${ratios.services_over_grpcjs_proxy.toFixed(3)}; ` +
      `CPU µs per proxied call: gateway ${read.services.cpu_us_per_request?.gateway}, ` +
      `grpc-js proxy ${read.grpcjs_proxy.cpu_us_per_request?.proxy}`,
  );
  console.log(`\n## step save (PUT step 1 over ${lib.SAVE_SESSIONS} sessions)\n`);
  lib.printTable(stepSave);
  console.log(`\nembedded / services: ${ratios.step_save_embedded_over_services.toFixed(3)}`);
}

lib.withDatabase(measure).catch((error) => {
  console.error(error);
  process.exit(1);
});
