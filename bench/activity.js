// Benchmark for activity recording (issues 6 and 19): GET /api/v1/ping with
// recording on against the same deployment with ACTIVITY_RECORDING=false, in
// one run, for both ways of running evalplan:
//  - services: the gateway and activity-service in processes of their own, as
//    in docker-compose, against one throw-away PostgreSQL database;
//  - embedded: the all-in-one process (`npm start`), where every recorded
//    request is written into PGlite in the gateway's own event loop.
// A bare Koa app in a process of its own with no preload (bench/bare.js)
// runs in the same rounds, so each deployment's cost also shows against the
// limit of this machine.
//
// Figures:
// 1. Throughput: rounds alternate between the five targets (A B C D E,
//    E D C B A, ...), only one under load at a time; median of per-round
//    ratios on / off, with their range, and each target's CPU µs per request
//    (its processes, PostgreSQL's backends for the services deployment).
//    On one small machine this also charges recording for the CPU that
//    activity-service and PostgreSQL take from the load generator and the
//    gateway, which a deployment runs elsewhere.
//    A second throughput figure binds each services-mode gateway to a CPU of
//    its own and everything else (this load generator, activity-service, the
//    PostgreSQL backends) to the other CPUs, as in a deployment where the
//    database is elsewhere: what recording costs the gateway itself (Linux
//    with taskset and two CPUs or more; skipped elsewhere).
// 2. The services-mode gateway's own CPU time per request: both gateways at
//    the same fixed rate at once (so machine drift hits both alike), CPU read
//    from /proc; off / on. Also activity-service's and PostgreSQL's CPU per
//    event.
// Afterwards the rows stored are counted against the requests answered.
// Usage: npm run bench:activity
//   (options: BENCH_SECONDS (6), BENCH_CONNECTIONS (50), BENCH_ROUNDS (8), BENCH_RATE, BENCH_CPU_ROUNDS)
'use strict';
const os = require('node:os');
const { Client } = require('pg');
const lib = require('./lib');

const { settings } = lib;
// More and shorter rounds than the other benchmarks: this machine's speed drifts within seconds.
const throughputSettings = {
  rounds: Number(process.env.BENCH_ROUNDS || 8),
  seconds: Number(process.env.BENCH_SECONDS || 6),
};
const cpuSettings = {
  rate: Number(process.env.BENCH_RATE || 2500),
  rounds: Number(process.env.BENCH_CPU_ROUNDS || 5),
  seconds: 8,
};

async function main() {
  await lib.withDatabase(measure);
}

/** A gateway and an activity-service, each in its own process, as deployed. */
async function startDeployment(databaseUrl, recording) {
  const [gatewayPort, activityPort] = [await lib.freePort(), await lib.freePort()];
  const common = { DATABASE_URL: databaseUrl, ACTIVITY_RECORDING: String(recording) };
  const activity = lib.startComponent('activity-service', { ...common, ACTIVITY_SERVICE_ADDR: `127.0.0.1:${activityPort}` });
  const gateway = lib.startComponent('gateway', {
    ...common,
    HOST: '127.0.0.1',
    PORT: String(gatewayPort),
    ACTIVITY_SERVICE_TARGET: `127.0.0.1:${activityPort}`,
  });
  const url = `http://127.0.0.1:${gatewayPort}/api/v1/ping`;
  await lib.waitUntilAnswering(url);
  // Requests answered, counting the one that showed it was up.
  return {
    url,
    gateway,
    activity,
    pids: { gateway: gateway.pid, activity: activity.pid },
    answered: 1,
    stop: async () => (await gateway.stop(), await activity.stop()),
  };
}

/** Both gateways at the same fixed rate at once; CPU seconds per request (gateway) and per event (activity-service, PostgreSQL). */
async function cpuRounds(on, off, database) {
  const rounds = [];
  const load = async (deployment, seconds) => {
    const result = await lib.run({ url: deployment.url, connections: 20, duration: seconds, overallRate: cpuSettings.rate });
    deployment.answered += result.requests.total;
    return result;
  };
  await Promise.all([load(on, 2), load(off, 2)]);
  for (let round = 0; round < cpuSettings.rounds; round += 1) {
    const before = [on.gateway.pid, off.gateway.pid, on.activity.pid].map(lib.cpuSecondsOf);
    const postgresBefore = lib.postgresCpuSecondsFor(database);
    const [onRun, offRun] = await Promise.all([load(on, cpuSettings.seconds), load(off, cpuSettings.seconds)]);
    await lib.sleep(500); // the last batch is stored
    const after = [on.gateway.pid, off.gateway.pid, on.activity.pid].map(lib.cpuSecondsOf);
    const perRequest = (i, requests) => ((after[i] - before[i]) / requests) * 1e6;
    const gatewayOn = perRequest(0, onRun.requests.total);
    const gatewayOff = perRequest(1, offRun.requests.total);
    rounds.push({
      gateway_on_us: gatewayOn,
      gateway_off_us: gatewayOff,
      ratio: gatewayOff / gatewayOn,
      activity_service_us_per_event: perRequest(2, onRun.requests.total),
      postgres_us_per_event: ((lib.postgresCpuSecondsFor(database) - postgresBefore) / onRun.requests.total) * 1e6,
    });
  }
  return rounds;
}

/**
 * The throughput rounds again, each gateway bound to the last CPU and the
 * rest to the others. Backends PostgreSQL starts for new connections are
 * bound before every run.
 */
async function pinnedRounds(deployments, database, onRun) {
  const cpus = os.availableParallelism();
  const gatewayCpu = String(cpus - 1);
  const otherCpus = cpus === 2 ? '0' : `0-${cpus - 2}`;
  lib.pinProcess(process.pid, otherCpus);
  for (const deployment of Object.values(deployments)) {
    lib.pinProcess(deployment.gateway.pid, gatewayCpu);
    lib.pinProcess(deployment.activity.pid, otherCpus);
  }
  const pinDatabase = () => lib.postgresBackendsOf(database).forEach((pid) => lib.pinProcess(pid, otherCpus));
  pinDatabase();
  const targets = Object.fromEntries(Object.entries(deployments).map(([name, deployment]) => [name, { url: deployment.url }]));
  return lib.alternatingRounds(
    targets,
    (name, result) => {
      onRun(name, result);
      pinDatabase();
    },
    throughputSettings,
  );
}

async function measure(databaseUrl) {
  const database = lib.databaseNameOf(databaseUrl);
  const on = await startDeployment(databaseUrl, true);
  const off = await startDeployment(databaseUrl, false);
  const bare = await lib.startBare();
  const embeddedOn = await lib.startAllInOne();
  const embeddedOff = await lib.startAllInOne({ env: { ACTIVITY_RECORDING: 'false' } });
  let throughput;
  let cpu;
  let pinned;
  try {
    const deployments = { off, on };
    const count = (name, result) => {
      if (deployments[name]) deployments[name].answered += result.requests.total;
    };
    const ping = (server) => ({ url: `${server.base}/ping`, cpu: server.pids });
    throughput = await lib.alternatingRounds(
      {
        bare: ping(bare),
        off: { url: off.url, cpu: off.pids, database },
        on: { url: on.url, cpu: on.pids, database },
        embedded_off: ping(embeddedOff),
        embedded_on: ping(embeddedOn),
      },
      count,
      throughputSettings,
    );
    await Promise.all([bare.stop(), embeddedOn.stop(), embeddedOff.stop()]);
    cpu = await cpuRounds(on, off, database);
    // Last: bound processes stay bound.
    if (lib.canPinCpus()) pinned = await pinnedRounds(deployments, database, count);
  } finally {
    await Promise.all([on.stop(), off.stop(), bare.stop(), embeddedOn.stop(), embeddedOff.stop()]);
  }
  // Every request the recording gateway answered should be one row (stopping flushed its queue).
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(`SELECT count(*)::int AS stored, count(DISTINCT id)::int AS distinct_ids FROM activity_events`);
  await client.end();

  const summary = {
    'bare Koa': lib.summarise(throughput.bare),
    'recording off': lib.summarise(throughput.off),
    'recording on': lib.summarise(throughput.on),
    'embedded, recording off': lib.summarise(throughput.embedded_off),
    'embedded, recording on': lib.summarise(throughput.embedded_on),
  };
  const ratio = lib.medianRatio(throughput, 'on', 'off');
  const embedded = {
    ratio: lib.medianRatio(throughput, 'embedded_on', 'embedded_off'),
    round_ratios: throughput.embedded_on.map((round, i) => round.rps / throughput.embedded_off[i].rps),
    on_over_bare: lib.medianRatio(throughput, 'embedded_on', 'bare'),
    off_over_bare: lib.medianRatio(throughput, 'embedded_off', 'bare'),
    cpu_us_per_request_off: summary['embedded, recording off'].cpu_us_total,
    cpu_us_per_request_on: summary['embedded, recording on'].cpu_us_total,
  };
  const overBare = { on: lib.medianRatio(throughput, 'on', 'bare'), off: lib.medianRatio(throughput, 'off', 'bare') };
  const roundRatios = throughput.on.map((round, i) => round.rps / throughput.off[i].rps);
  const med = (key) => lib.median(cpu.map((round) => round[key]));
  const pinnedSummary = pinned && {
    'recording off': lib.summarise(pinned.off),
    'recording on': lib.summarise(pinned.on),
    ratio: lib.medianRatio(pinned, 'on', 'off'),
    round_ratios: pinned.on.map((round, i) => round.rps / pinned.off[i].rps),
  };
  const cpuSummary = {
    gateway_us_per_request_off: med('gateway_off_us'),
    gateway_us_per_request_on: med('gateway_on_us'),
    gateway_cpu_ratio_off_over_on: med('ratio'),
    activity_service_us_per_event: med('activity_service_us_per_event'),
    postgres_us_per_event: med('postgres_us_per_event'),
  };
  lib.writeResult('activity', {
    date: new Date().toISOString(),
    node: process.version,
    connections: settings.connections,
    ...throughputSettings,
    cpu_settings: cpuSettings,
    summary,
    ratio,
    ratio_of_median_rps: summary['recording on'].rps / summary['recording off'].rps,
    round_ratios: roundRatios,
    over_bare: overBare,
    embedded,
    gateway_on_own_cpu: pinnedSummary ?? 'skipped: needs Linux, taskset and two CPUs',
    cpu: cpuSummary,
    rows: { answered: on.answered, ...rows[0] },
    rounds_detail: throughput,
    cpu_rounds: cpu,
    pinned_rounds_detail: pinned,
  });
  lib.printTable(summary);
  const range = `${Math.min(...roundRatios).toFixed(3)}-${Math.max(...roundRatios).toFixed(3)}`;
  // The two statistics part ways when single rounds are disturbed; both are printed.
  const ofMedians = summary['recording on'].rps / summary['recording off'].rps;
  console.log(
    `\nrecording on / off throughput: ${ratio.toFixed(3)} (target >= 0.9), rounds ${range}; ratio of the median req/s ${ofMedians.toFixed(3)}`,
  );
  if (pinnedSummary) {
    const pinnedRange = `${Math.min(...pinnedSummary.round_ratios).toFixed(3)}-${Math.max(...pinnedSummary.round_ratios).toFixed(3)}`;
    const pinnedOfMedians = pinnedSummary['recording on'].rps / pinnedSummary['recording off'].rps;
    console.log(
      `gateway on a CPU of its own (off ${pinnedSummary['recording off'].rps} req/s, on ${pinnedSummary['recording on'].rps}): ` +
        `${pinnedSummary.ratio.toFixed(3)}, rounds ${pinnedRange}; ratio of the median req/s ${pinnedOfMedians.toFixed(3)}`,
    );
  }
  console.log(
    `gateway CPU per request at ${cpuSettings.rate} req/s each: off ${cpuSummary.gateway_us_per_request_off.toFixed(1)} µs, ` +
      `on ${cpuSummary.gateway_us_per_request_on.toFixed(1)} µs, off / on ${cpuSummary.gateway_cpu_ratio_off_over_on.toFixed(3)}`,
  );
  console.log(
    `per event: activity-service ${cpuSummary.activity_service_us_per_event.toFixed(1)} µs, ` +
      `PostgreSQL backends ${cpuSummary.postgres_us_per_event.toFixed(1)} µs CPU`,
  );
  console.log(
    `embedded (all-in-one) recording on / off throughput: ${embedded.ratio.toFixed(3)}; ` +
      `CPU per request off ${embedded.cpu_us_per_request_off.toFixed(1)} µs, on ${embedded.cpu_us_per_request_on.toFixed(1)} µs`,
  );
  console.log(
    `against bare Koa: services on ${overBare.on.toFixed(3)}, off ${overBare.off.toFixed(3)}; ` +
      `embedded on ${embedded.on_over_bare.toFixed(3)}, off ${embedded.off_over_bare.toFixed(3)}`,
  );
  console.log(`requests answered with recording on: ${on.answered}, rows stored: ${rows[0].stored} (${rows[0].distinct_ids} distinct ids)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
