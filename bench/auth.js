// Benchmark for accounts (issue 3), in one run against the all-in-one process
// (`npm start`, PGlite; the token blacklist in Redis when REDIS_URL is set, as
// in production, in-process otherwise):
//  1. login throughput at the production bcrypt cost (BCRYPT_COST, default 12);
//  2. GET /api/v1/auth/me (token verification + blacklist lookup) against
//     GET /api/v1/ping on the same gateway, alternating rounds, median of
//     per-round ratios, with the process's CPU µs per request. Both routes
//     share the process and its preload, so the ratio is the cost of
//     /auth/me's own work.
// Usage: npm run bench:auth
'use strict';
const { settings, run, startAllInOne, alternatingRounds, summarise, medianRatio, writeResult, printTable } = require('./lib');

const LOGIN_CONNECTIONS = Number(process.env.BENCH_LOGIN_CONNECTIONS || 8);

async function main() {
  const stack = await startAllInOne({
    env: {
      AUTH_RATE_LIMIT_PER_IP: '0',
      AUTH_RATE_LIMIT_PER_EMAIL: '0',
      AUTH_RATE_LIMIT_PER_IP_HOURLY: '0',
      AUTH_RATE_LIMIT_PER_EMAIL_HOURLY: '0',
      ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
    },
  });
  try {
    await measure(stack);
  } finally {
    await stack.stop();
  }
}

async function measure(stack) {
  const { base } = stack;
  const credentials = JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'benchmark password' });
  const json = { 'content-type': 'application/json' };
  const registered = await fetch(`${base}/auth/register`, { method: 'POST', headers: json, body: credentials });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const token = (await registered.json()).access_token;

  const login = { url: `${base}/auth/login`, method: 'POST', headers: json, body: credentials, connections: LOGIN_CONNECTIONS };
  await run({ ...login, duration: 3 });
  const loginResult = await run({ ...login, duration: Math.max(settings.seconds, 10) });
  const loginSummary = {
    rps: Number(loginResult.requests.average.toFixed(1)),
    p50_ms: loginResult.latency.p50,
    p99_ms: loginResult.latency.p99,
  };

  const results = await alternatingRounds({
    ping: { url: `${base}/ping`, cpu: stack.pids },
    me: { url: `${base}/auth/me`, headers: { authorization: `Bearer ${token}` }, cpu: stack.pids },
  });

  const summary = { ping: summarise(results.ping), me: summarise(results.me) };
  const ratio = medianRatio(results, 'me', 'ping');
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    bcrypt_cost: Number(process.env.BCRYPT_COST || 12),
    blacklist: process.env.REDIS_URL ? 'redis' : 'memory',
    ...settings,
    login: { connections: LOGIN_CONNECTIONS, ...loginSummary },
    summary,
    ratio,
    rounds_detail: results,
  };
  writeResult('auth', report);
  console.log(
    `login at bcrypt cost ${report.bcrypt_cost}: ${loginSummary.rps} req/s, p50 ${loginSummary.p50_ms} ms, p99 ${loginSummary.p99_ms} ms (${LOGIN_CONNECTIONS} connections)\n`,
  );
  printTable(summary);
  console.log(`\n/auth/me / ping throughput: ${ratio.toFixed(3)} (target >= 0.6; blacklist in ${report.blacklist})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
