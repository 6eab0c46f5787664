// Two builds of evalplan in one run: this checkout ("after") against another
// built checkout ("before", BEFORE_DIR, e.g. a `git worktree` of an older
// commit with its own node_modules and `npm run build` done). Every round
// starts fresh processes of both builds and of the baselines in processes
// of their own with no preload (bench/bare.js), alternating their order
// (identical processes differ by 10-30 %, so one process per build tells
// nothing below that):
//  - ping: bare Koa, the all-in-one process and the services gateway of each build;
//  - session read: bare Koa+pg, the services deployment (TCP) and the all-in-one process of each build;
//  - step save (PUT step 1 over many sessions): the services deployment and the all-in-one process of
//    each build, one deployment of each for all rounds, in alternating order (as bench/wizard.js);
//  - PDF download (GET download-pdf, a server stream from pdf-service through the gateway): the services
//    deployment of each build, fresh processes every round.
// Prints each target's req/s and CPU µs per request and the medians of the
// per-round ratios to its baseline. The services of both builds share one
// throw-away database (their migrations are the same or a superset).
// Usage: BEFORE_DIR=/path/to/old/checkout node bench/builds.js
//   (options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS)
// BEFORE_NODE=/path/to/bin/node runs the before build's processes (not its
// baselines) on that Node.js: with BEFORE_DIR a checkout of the same commit,
// the run compares two Node.js versions instead of two builds.
'use strict';
const path = require('node:path');
const after = require('./lib');

const beforeDir = process.env.BEFORE_DIR;
if (!beforeDir) {
  console.error('BEFORE_DIR must name a built checkout to compare with');
  process.exit(2);
}
const before = require(path.resolve(beforeDir, 'bench', 'lib.js'));
if (process.env.BEFORE_NODE) {
  if (typeof before.useNodeBinary !== 'function') {
    console.error('BEFORE_NODE needs a before checkout whose bench/lib.js has useNodeBinary (issue 38 or later)');
    process.exit(2);
  }
  before.useNodeBinary(process.env.BEFORE_NODE);
}
const builds = { before, after };

/** A starter for freshProcessRounds: `start` resolves with a server handle; `url` picks the path to load. */
const starter =
  (start, url, extra = {}) =>
  async () => {
    const server = await start();
    return { target: { url: await url(server), cpu: server.pids, ...extra }, stop: server.stop };
  };

function report(title, results, baseline) {
  const summary = Object.fromEntries(Object.entries(results).map(([name, rounds]) => [name, after.summarise(rounds)]));
  console.log(`\n## ${title}\n`);
  after.printTable(summary);
  console.log('');
  for (const name of Object.keys(results)) {
    if (name !== baseline) console.log(`${name} / ${baseline}: ${after.medianRatio(results, name, baseline).toFixed(3)}`);
  }
  return summary;
}

/** Each deployment of the after build against the same one of the before build: the medians of after / before. */
function reportBuilds(title, results) {
  const summary = Object.fromEntries(Object.entries(results).map(([name, rounds]) => [name, after.summarise(rounds)]));
  console.log(`\n## ${title}\n`);
  after.printTable(summary);
  console.log('');
  const ratios = {};
  for (const name of Object.keys(results).filter((n) => n.endsWith('_after'))) {
    const base = name.replace(/_after$/, '_before');
    ratios[name.replace(/_after$/, '')] = after.medianRatio(results, name, base);
    console.log(`${name} / ${base}: ${ratios[name.replace(/_after$/, '')].toFixed(3)}`);
  }
  return { summary, after_over_before: ratios };
}

/** Step saves on one services deployment and one all-in-one process of each build. */
async function stepSaves(databaseUrl, database) {
  const servers = {};
  try {
    for (const [build, lib] of Object.entries(builds)) {
      servers[`services_${build}`] = await lib.startServices(databaseUrl);
      servers[`embedded_${build}`] = await lib.startAllInOne();
    }
    const targets = {};
    for (const [name, server] of Object.entries(servers)) {
      targets[name] = await after.stepSaveTarget(server, name.startsWith('services') ? { database } : {});
    }
    return await after.alternatingRounds(targets);
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
}

async function measure(databaseUrl) {
  const database = after.databaseNameOf(databaseUrl);
  const ping = await after.freshProcessRounds({
    bare: starter(
      () => after.startBare(),
      (server) => `${server.base}/ping`,
    ),
    ...Object.fromEntries(
      Object.entries(builds).flatMap(([build, lib]) => [
        [
          `embedded_${build}`,
          starter(
            () => lib.startAllInOne(),
            (server) => `${server.base}/ping`,
          ),
        ],
        [
          `services_${build}`,
          starter(
            () => lib.startServices(databaseUrl),
            (server) => `${server.base}/ping`,
            { database },
          ),
        ],
      ]),
    ),
  });
  // One complete session, made through the first deployment that starts; every later one reads the same row.
  let sessionId;
  const sessionOf = async (server) => (sessionId ??= await after.createSession(server.base));
  const reads = await after.freshProcessRounds({
    ...Object.fromEntries(
      Object.entries(builds).flatMap(([build, lib]) => [
        [
          `services_${build}`,
          starter(
            () => lib.startServices(databaseUrl),
            async (server) => `${server.base}/sessions/${await sessionOf(server)}`,
            { database },
          ),
        ],
        // The all-in-one process has a database of its own: each one reads a session it made.
        [
          `embedded_${build}`,
          starter(
            () => lib.startAllInOne(),
            async (server) => `${server.base}/sessions/${await after.createSession(server.base)}`,
          ),
        ],
      ]),
    ),
    bare: starter(
      () => after.startBare({ databaseUrl }),
      (server) => `${server.base}/sessions/${sessionId}`,
      { database },
    ),
  });
  const saves = await stepSaves(databaseUrl, database);
  // Each deployment downloads a PDF it made itself (the stored file lives in that deployment's storage).
  const downloads = await after.freshProcessRounds(
    Object.fromEntries(
      Object.entries(builds).map(([build, lib]) => [
        `download_${build}`,
        starter(
          () => lib.startServices(databaseUrl),
          async (server) => `${server.base}/sessions/${await after.createSessionWithPdf(server.base)}/download-pdf`,
          { database },
        ),
      ]),
    ),
  );
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    before: path.resolve(beforeDir),
    ...after.settings,
    ping: report('ping', ping, 'bare'),
    session_read: report('session read (services on TCP, all-in-one on PGlite)', reads, 'bare'),
    step_save: reportBuilds('step save', saves),
    pdf_download: reportBuilds('PDF download (services)', downloads),
    ratios: {
      ping: Object.fromEntries(
        Object.keys(ping)
          .filter((n) => n !== 'bare')
          .map((n) => [n, after.medianRatio(ping, n, 'bare')]),
      ),
      session_read: Object.fromEntries(
        Object.keys(reads)
          .filter((n) => n !== 'bare')
          .map((n) => [n, after.medianRatio(reads, n, 'bare')]),
      ),
    },
    rounds_detail: { ping, reads, saves, downloads },
  };
  console.log(`\n${after.writeResult('builds', result)}`);
}

after.withDatabase(measure).catch((error) => {
  console.error(error);
  process.exit(1);
});
