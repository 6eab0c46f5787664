// Benchmark: what metrics cost (issue 22; target: at most 3 % of throughput).
// GET /api/v1/ping through the all-in-one process (`npm start`'s process,
// which records the HTTP histogram, activity and runtime metrics of every
// ping) with metrics on (the default: the Prometheus exporter on a port of
// its own) and off (OTEL_METRICS_EXPORTER=none: no SDK loaded, no-op
// instruments), each in its own process, in one run:
//  1. throughput: every round starts both afresh and loads them one after the
//     other, order alternating (bench/lib.js freshProcessRounds): median
//     req/s, the median of the per-round on ÷ off ratios, and CPU µs per
//     request of the process (/proc, user + system);
//  2. CPU at the same fixed rate (BENCH_RATE, default 2000 req/s) for both, in
//     alternating runs: CPU µs per request when neither is at its limit, the
//     steadier figure on a busy machine.
// The metrics-on process is scraped after each round, as Prometheus would,
// and the run fails if its /ping histogram did not count the requests.
// Usage: npm run bench:metrics
//   (options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS (default 3 here); BENCH_RATE, BENCH_CPU_ROUNDS (3))
'use strict';
const lib = require('./lib');

const rounds = Number(process.env.BENCH_ROUNDS || 3);
const sameRate = { rate: Number(process.env.BENCH_RATE || 2000), rounds: Number(process.env.BENCH_CPU_ROUNDS || 3) };

/** The /ping requests the metrics-on process counted in its HTTP histogram, read as Prometheus would. */
async function pingsCounted(metricsPort) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('http_server_request_duration_count{') && l.includes('http_route="/api/v1/ping"'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

async function startVariant(metrics) {
  const metricsPort = metrics ? await lib.freePort() : undefined;
  const env = metrics
    ? {
        OTEL_METRICS_EXPORTER: 'prometheus',
        OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
        OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort),
      }
    : { OTEL_METRICS_EXPORTER: 'none' };
  const stack = await lib.startAllInOne({ env });
  return { stack, metricsPort, target: { url: `${stack.base}/ping`, cpu: stack.pids } };
}

async function main() {
  const scraped = [];
  const cost = await lib.onOffCost(
    {
      on: async () => {
        const { stack, metricsPort, target } = await startVariant(true);
        return {
          target,
          stop: async () => {
            scraped.push(await pingsCounted(metricsPort));
            await stack.stop();
          },
        };
      },
      off: async () => {
        const { stack, target } = await startVariant(false);
        return { target, stop: stack.stop };
      },
    },
    { rounds, sameRate },
  );
  if (scraped.some((count) => count < 1000)) throw new Error(`the metrics-on process counted too few pings: ${scraped.join(', ')}`);
  const report = { date: new Date().toISOString(), node: process.version, ...lib.settings, rounds, ...cost, scraped_ping_counts: scraped };
  lib.writeResult('metrics', report);
  lib.printTable(cost.summary);
  const cpu = cost.same_rate.cpu_us_per_request;
  console.log(
    `\nping, metrics on ÷ off: ${cost.ratio_on_over_off.toFixed(3)} (throughput cost ${cost.throughput_cost_percent.toFixed(1)} %, target ≤ 3 %)`,
  );
  console.log(
    `CPU µs per ping at ${sameRate.rate} req/s: on ${cpu.on.toFixed(1)}, off ${cpu.off.toFixed(1)} (+${((cpu.on / cpu.off - 1) * 100).toFixed(1)} %)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
