// Benchmark for the wizard (issue 4), in one run against a throw-away
// PostgreSQL database (TEST_PG_ADMIN_URL, default the local server):
//  1. GET /api/v1/sessions/{id} through gateway -> wizard-service -> PostgreSQL
//     against a bare Koa route doing the same SELECT with `pg`, alternating
//     rounds, median of the per-round ratios;
//  2. step-save throughput: PUT step 1 round-robin over many sessions.
// Both are measured with the services on TCP (as between pods) and on unix
// sockets (co-located processes, as `npm start` can run them); BENCH_GRPC
// picks one ("tcp" or "unix").
// Usage: npm run bench:wizard
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { settings, run, startServers, alternatingRounds, summarise, medianRatio, writeResult, printTable, withDatabase } = require('./lib');

const STEP_1 = {
  evaluationGoals: ['Usability & Efficiency', 'Engagement'],
  projectType: 'Mobile quest game',
  participants: '10-30',
  developmentStage: 'High-fidelity prototype',
  accessibility: 'Moderate',
  time: '1-2 weeks',
  extraConstraints: [],
  researchEnabled: false,
};
const STEPS = {
  1: STEP_1,
  2: { selectedMethods: ['Think-aloud testing', 'Surveys & Questionnaires'] },
  3: { selectedInstruments: ['SUS (System Usability Scale)', 'UES (User Engagement Scale)'] },
  4: { nextSteps: ['Pilot test the study setup', 'Schedule sessions with participants', 'Observe and collect data'], notes: 'Lab booked.' },
};
const SAVE_SESSIONS = 200;

/** Service listen addresses for a transport: unix sockets in a fresh directory, or the default TCP. */
function transportEnv(transport) {
  if (transport !== 'unix') return {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalplan-sock-'));
  return Object.fromEntries(
    ['AUTH', 'WIZARD', 'PDF', 'ACTIVITY'].map((name) => [`${name}_SERVICE_ADDR`, `unix:${dir}/${name.toLowerCase()}.sock`]),
  );
}

async function measure(databaseUrl, transport) {
  const servers = await startServers({ DATABASE_URL: databaseUrl, ...transportEnv(transport) });
  const base = `http://127.0.0.1:${servers.ports.gateway}/api/v1`;
  const json = { 'content-type': 'application/json' };
  const create = async () => (await (await fetch(`${base}/sessions/create`, { method: 'POST' })).json()).sessionId;
  const save = (id, step) =>
    fetch(`${base}/sessions/${id}/wizard/step/${step}`, { method: 'PUT', headers: json, body: JSON.stringify({ stepData: STEPS[step] }) });

  const readId = await create();
  for (const step of [1, 2, 3, 4]) await save(readId, step);
  const results = await alternatingRounds({
    bare: { url: `http://127.0.0.1:${servers.ports.bare}/api/v1/sessions/${readId}` },
    gateway: { url: `${base}/sessions/${readId}` },
  });

  const saveIds = [];
  for (let i = 0; i < SAVE_SESSIONS; i += 1) saveIds.push(await create());
  let next = 0;
  const body = JSON.stringify({ stepData: STEP_1 });
  const saveRun = await run({
    url: base,
    method: 'PUT',
    headers: json,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/api/v1/sessions/${saveIds[next++ % SAVE_SESSIONS]}/wizard/step/1`, body }) }],
  });
  await servers.stop();

  const summary = { bare: summarise(results.bare), gateway: summarise(results.gateway) };
  const ratio = medianRatio(results, 'gateway', 'bare');
  const stepSave = { rps: Math.round(saveRun.requests.average), p50_ms: saveRun.latency.p50, p99_ms: saveRun.latency.p99 };
  writeResult(`wizard-${transport}`, {
    date: new Date().toISOString(),
    node: process.version,
    transport,
    ...settings,
    summary,
    ratio,
    stepSave,
    rounds_detail: results,
  });
  console.log(`\n## services on ${transport}\n`);
  printTable(summary);
  console.log(`\nsession read, gateway / bare pg route: ${ratio.toFixed(3)} (target >= 0.45)`);
  console.log(
    `step save (PUT step 1 over ${SAVE_SESSIONS} sessions): ${stepSave.rps} req/s, p50 ${stepSave.p50_ms} ms, p99 ${stepSave.p99_ms} ms`,
  );
}

async function main() {
  const transports = process.env.BENCH_GRPC ? [process.env.BENCH_GRPC] : ['tcp', 'unix'];
  for (const transport of transports) await withDatabase((databaseUrl) => measure(databaseUrl, transport));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
