// Benchmark: what the gateway's limits per client cost (issue 36). Each case
// runs the limits on (every limit counted, at a value the load never reaches:
// a counter costs the same whatever its limit) against all limits at 0, each
// in processes of their own, in one run (bench/lib.js onOffCost): the median
// of the per-round on ÷ off throughput ratios with CPU µs per request, and
// CPU µs per request of both at the same fixed rate.
//  1. POST /api/v1/sessions/create through the all-in-one process (`npm
//     start`: the in-process cache); CPU of the whole process.
//  2. The same through the services deployment (counters in Redis at
//     REDIS_URL, default redis://127.0.0.1:6379; PostgreSQL on a throw-away
//     database); CPU of the gateway process alone, which runs the limiter.
//  3. GET /api/v1/ping through the all-in-one process: a route the limits do
//     not guard, which must cost the same either way.
// Usage: npm run bench:client-limits
//   (options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS (default 3 here); BENCH_CPU_ROUNDS (3);
//    BENCH_CREATE_RATE (400), BENCH_PING_RATE (2000): the fixed rates)
'use strict';
const lib = require('./lib');

const rounds = Number(process.env.BENCH_ROUNDS || 3);
const cpuRounds = Number(process.env.BENCH_CPU_ROUNDS || 3);
const createRate = Number(process.env.BENCH_CREATE_RATE || 400);
const pingRate = Number(process.env.BENCH_PING_RATE || 2000);

/** Every limit on, too high for this load to reach: the limiter counts every guarded request. */
const LIMITS_COUNTED = Object.fromEntries(Object.keys(lib.CLIENT_LIMITS_OFF).map((name) => [name, '1000000']));
const limitsEnv = (on) => (on ? LIMITS_COUNTED : lib.CLIENT_LIMITS_OFF);

const CREATE = { method: 'POST', path: '/sessions/create' };

function allInOne(on, route) {
  return async () => {
    const stack = await lib.startAllInOne({ env: limitsEnv(on) });
    const target = { url: `${stack.base}${route.path}`, method: route.method ?? 'GET', cpu: stack.pids };
    return { target, stop: stack.stop };
  };
}

function services(on, databaseUrl) {
  return async () => {
    const deployment = await lib.startServices(databaseUrl, { env: limitsEnv(on) });
    // The gateway's CPU alone: the limiter runs there; the services' work is the same either way.
    const target = { url: `${deployment.base}${CREATE.path}`, method: CREATE.method, cpu: { gateway: deployment.pids.gateway } };
    return { target, stop: deployment.stop };
  };
}

function report(name, cost, rate) {
  const cpu = cost.same_rate.cpu_us_per_request;
  console.log(`\n## ${name}\n`);
  lib.printTable(cost.summary);
  console.log(`\nlimits on ÷ off: ${cost.ratio_on_over_off.toFixed(3)} (throughput cost ${cost.throughput_cost_percent.toFixed(1)} %)`);
  console.log(
    `CPU µs per request at ${rate} req/s: on ${cpu.on.toFixed(1)}, off ${cpu.off.toFixed(1)} (${(cpu.on - cpu.off).toFixed(1)} µs)`,
  );
}

async function measure(databaseUrl) {
  const createSameRate = { rate: createRate, rounds: cpuRounds };
  const embeddedCreate = await lib.onOffCost(
    { on: allInOne(true, CREATE), off: allInOne(false, CREATE) },
    { rounds, sameRate: createSameRate },
  );
  report('POST /sessions/create, all-in-one (in-process cache)', embeddedCreate, createRate);
  const servicesCreate = await lib.onOffCost(
    { on: services(true, databaseUrl), off: services(false, databaseUrl) },
    { rounds, sameRate: createSameRate },
  );
  report('POST /sessions/create, services deployment (Redis): gateway CPU', servicesCreate, createRate);
  const ping = await lib.onOffCost(
    { on: allInOne(true, { path: '/ping' }), off: allInOne(false, { path: '/ping' }) },
    { rounds, sameRate: { rate: pingRate, rounds: cpuRounds } },
  );
  report('GET /ping, all-in-one (not guarded)', ping, pingRate);
  lib.writeResult('client-limits', {
    date: new Date().toISOString(),
    node: process.version,
    ...lib.settings,
    rounds,
    embedded_create: embeddedCreate,
    services_create: servicesCreate,
    ping,
  });
}

lib.withDatabase(measure).catch((error) => {
  console.error(error);
  process.exit(1);
});
