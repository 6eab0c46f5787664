// Benchmark: what the access log costs (issue 22). GET /api/v1/ping through
// the all-in-one process at LOG_LEVEL=info, as deployed, with ACCESS_LOG on
// (the default: one JSON line per request) and off, each in its own process
// with its log lines going to /dev/null (formatted and written, as to a log
// collector's pipe), in one run: the median of the per-round on ÷ off
// throughput ratios with CPU µs per request, and CPU µs per request of both
// at the same fixed rate (bench/lib.js onOffCost).
// Usage: npm run bench:access-log
//   (options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS (default 3 here); BENCH_RATE, BENCH_CPU_ROUNDS (3))
'use strict';
const lib = require('./lib');

const rounds = Number(process.env.BENCH_ROUNDS || 3);
const sameRate = { rate: Number(process.env.BENCH_RATE || 2000), rounds: Number(process.env.BENCH_CPU_ROUNDS || 3) };

function starter(accessLog) {
  return async () => {
    const stack = await lib.startAllInOne({ env: { LOG_LEVEL: 'info', ACCESS_LOG: String(accessLog) }, stdout: 'ignore' });
    return { target: { url: `${stack.base}/ping`, cpu: stack.pids }, stop: stack.stop };
  };
}

async function main() {
  const cost = await lib.onOffCost({ on: starter(true), off: starter(false) }, { rounds, sameRate });
  lib.writeResult('access-log', { date: new Date().toISOString(), node: process.version, ...lib.settings, rounds, ...cost });
  lib.printTable(cost.summary);
  const cpu = cost.same_rate.cpu_us_per_request;
  console.log(
    `\nping, access log on ÷ off: ${cost.ratio_on_over_off.toFixed(3)} (throughput cost ${cost.throughput_cost_percent.toFixed(1)} %)`,
  );
  console.log(
    `CPU µs per ping at ${sameRate.rate} req/s: on ${cpu.on.toFixed(1)}, off ${cpu.off.toFixed(1)} (+${(cpu.on - cpu.off).toFixed(1)} µs)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
