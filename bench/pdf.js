// Benchmark for PDFs (issue 5):
//  1. the built-in layout's render time per plan on one worker thread
//     (median and p90 over sequential renders of a realistic plan);
//  2. the render pool's throughput with one worker against one per CPU
//     (plans per second with enough plans in flight to keep every worker busy),
//     in alternating rounds, with the process's CPU per plan and how busy the
//     main thread is; beside it the machine's own ceiling for that scaling: a
//     pure-JS loop on one worker thread against one per CPU;
//  3. POST /sessions/{id}/generate-pdf end to end through the all-in-one
//     process (`npm start`: PGlite, local storage, no-op mail), with the
//     process's CPU per request.
// Usage: npm run bench:pdf
'use strict';
const os = require('node:os');
const { Worker } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { PdfRenderPool } = require('../pdf-service/dist/render/render-pool');
const { tuneV8ForRendering } = require('../pdf-service/dist/render/v8-flags');
const { templateData } = require('../pdf-service/dist/domain/template-data');
const { loadCatalog } = require('../wizard-service/dist/catalog/catalog');
const { RecommendationEngine } = require('../wizard-service/dist/domain/recommendations');
const { PlanDocumentBuilder } = require('../wizard-service/dist/domain/plan-document');
const { settings, median, run, startAllInOne, cpuSecondsOf, writeResult } = require('./lib');

// The pools below run in this process: tune V8 as pdf-service's entry point does.
tuneV8ForRendering();

const STEPS = {
  1: {
    projectName: 'Quest log redesign',
    evaluationGoals: ['Usability & Efficiency', 'Immersion / Flow / Focused Attention', 'Autonomy / Perceived Choice', 'Engagement'],
    projectType: 'Mobile quest game for teenagers',
    participants: '10-30',
    developmentStage: 'High-fidelity prototype',
    accessibility: 'Moderate',
    time: '1-2 weeks',
    extraConstraints: ['Technical limitation'],
    researchEnabled: true,
    researchObjective: 'Does the new quest log reduce drop-off in the first week?',
    researchQuestions: ['Do players find quests faster?', 'Which quest types are abandoned?'],
    hypotheses: ['Drop-off falls by 10 %'],
  },
  2: { selectedMethods: ['Think-aloud testing', 'Surveys & Questionnaires', 'Interview'] },
  3: {
    selectedInstruments: ['SUS (System Usability Scale)', 'UES (User Engagement Scale)', 'PENS (Player Experience of Need Satisfaction)'],
  },
  4: {
    nextSteps: ['Pilot test the study setup', 'Schedule sessions with participants', 'Observe and collect data'],
    notes: 'Lab booked for March; Мария runs the interviews.',
  },
};
const RENDERS = Number(process.env.BENCH_RENDERS || 100);
/** Rounds of the 1-against-all-workers comparisons; the machine's speed drifts from minute to minute, so each round compares within itself. */
const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS || 3);
const SPIN_MS = 2000;
/** Plans each worker renders before a throughput is measured (see throughput()). */
const WARM_PER_WORKER = Number(process.env.BENCH_PDF_WARM || 50);

/** The same plan written in other scripts: Chinese, Japanese, Korean, Arabic and Hebrew, with an emoji (the fallback fonts and bidi at work). */
const SCRIPT_STEPS = {
  ...STEPS,
  1: {
    ...STEPS[1],
    projectName: '任务日志改版',
    projectType: '面向青少年的移动任务游戏 · 10代向けモバイルゲーム',
    researchObjective: '新しいクエストログは最初の週の離脱を減らしますか？ 🎯',
  },
  4: { ...STEPS[4], notes: '실험실은 3월에 예약되어 있습니다. مريم تجري المقابلات في القاعة 42. שרה מסכמת את התוצאות.' },
};

function planData(steps = STEPS) {
  const { catalog, rules } = loadCatalog();
  const builder = new PlanDocumentBuilder(catalog, new RecommendationEngine(catalog, rules));
  return templateData(builder.build(steps, undefined), new Date());
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function singleThread(data) {
  const pool = new PdfRenderPool(1);
  for (let i = 0; i < 20; i += 1) await pool.render(data); // warm-up: fonts, JIT
  const times = [];
  let bytes = 0;
  for (let i = 0; i < RENDERS; i += 1) {
    const started = process.hrtime.bigint();
    bytes = (await pool.render(data)).length;
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  await pool.close();
  return { median_ms: +median(times).toFixed(1), p90_ms: +percentile(times, 0.9).toFixed(1), pdf_bytes: bytes };
}

/** Plans per second, CPU per plan (every thread of this process) and the main thread's busy share, with `threads` workers kept busy. */
async function throughput(threads, data) {
  const pool = new PdfRenderPool(threads);
  await Promise.all(Array.from({ length: threads * 4 }, () => pool.render(data))); // every worker started
  // Then warm: each worker is an isolate of its own that compiles the layout code itself, and V8 keeps
  // optimising rarely called functions for a few dozen plans; a pool under load lives far longer than that.
  for (let i = 0; i < WARM_PER_WORKER; i += 1) await Promise.all(Array.from({ length: threads }, () => pool.render(data)));
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const mainBefore = performance.eventLoopUtilization();
  const total = RENDERS * 2;
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      await pool.render(data);
    }
  };
  await Promise.all(Array.from({ length: threads * 2 }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  const main = performance.eventLoopUtilization(mainBefore);
  await pool.close();
  return { plans_per_s: total / seconds, cpu_ms_per_plan: (cpu.user + cpu.system) / 1000 / total, main_thread_busy: main.utilization };
}

/** Loop iterations per second over `threads` worker threads spinning on pure JS: what this machine gives a second thread. */
function spin(threads) {
  const source = `const { parentPort, workerData } = require('node:worker_threads');
    let x = 0, loops = 0;
    const end = Date.now() + workerData;
    while (Date.now() < end) { for (let i = 0; i < 1e5; i += 1) x = (x * 31 + i) % 1000003; loops += 1; }
    parentPort.postMessage(loops + (x & 0));`;
  const one = () =>
    new Promise((resolve, reject) => {
      const thread = new Worker(source, { eval: true, workerData: SPIN_MS });
      thread.once('message', resolve);
      thread.once('error', reject);
    });
  return Promise.all(Array.from({ length: threads }, one)).then((loops) => loops.reduce((a, b) => a + b, 0) / (SPIN_MS / 1000));
}

/**
 * The pool with one worker against one per CPU, and the spinning loop on as
 * many threads, in rounds that alternate their order; each ratio is taken
 * within its round and the median over rounds is reported.
 */
async function scaling(threads, data) {
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? [1, threads] : [threads, 1];
    const pool = {};
    const loop = {};
    for (const n of order) pool[n] = await throughput(n, data);
    for (const n of order) loop[n] = await spin(n);
    rounds.push({
      one: pool[1],
      all: pool[threads],
      ratio: pool[threads].plans_per_s / pool[1].plans_per_s,
      ceiling: loop[threads] / loop[1],
    });
  }
  const mid = (pick) => +median(rounds.map(pick)).toFixed(2);
  const side = (name) => Object.fromEntries(Object.keys(rounds[0][name]).map((key) => [key, mid((r) => r[name][key])]));
  return {
    rounds: rounds.length,
    one: side('one'),
    all: side('all'),
    ratio: mid((r) => r.ratio),
    ceiling: mid((r) => r.ceiling),
    ratio_of_ceiling: mid((r) => r.ratio / r.ceiling),
    per_round: rounds.map((r) => ({ ratio: +r.ratio.toFixed(2), ceiling: +r.ceiling.toFixed(2) })),
  };
}

async function endToEnd() {
  const stack = await startAllInOne({ env: { PDF_RENDER_THREADS: String(os.availableParallelism()) } });
  try {
    const api = stack.base;
    const post = (url, body, method = 'POST') =>
      fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const { sessionId } = await post(`${api}/sessions/create`, {});
    for (const step of [1, 2, 3, 4]) await post(`${api}/sessions/${sessionId}/wizard/step/${step}`, { stepData: STEPS[step] }, 'PUT');
    const options = {
      url: `${api}/sessions/${sessionId}/generate-pdf`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      connections: Number(process.env.BENCH_PDF_CONNECTIONS || 8),
    };
    await run({ ...options, duration: 3 });
    const cpuBefore = cpuSecondsOf(stack.pids.evalplan);
    const result = await run(options);
    const cpuUs = ((cpuSecondsOf(stack.pids.evalplan) - cpuBefore) / result.requests.total) * 1e6;
    return {
      rps: +result.requests.average.toFixed(1),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      cpu_us_per_request: Math.round(cpuUs),
      connections: options.connections,
    };
  } finally {
    await stack.stop();
  }
}

async function main() {
  const data = planData();
  const cpus = os.availableParallelism();
  const single = await singleThread(data);
  console.log(`built-in layout, one worker: median ${single.median_ms} ms, p90 ${single.p90_ms} ms (${single.pdf_bytes} bytes)`);
  const scripts = await singleThread(planData(SCRIPT_STEPS));
  console.log(
    `same plan in CJK, Arabic and Hebrew, one worker: median ${scripts.median_ms} ms, p90 ${scripts.p90_ms} ms (${scripts.pdf_bytes} bytes)`,
  );
  const scaled = await scaling(cpus, data);
  const { one, all } = scaled;
  console.log(
    `pool throughput (median of ${scaled.rounds} alternating rounds): 1 worker ${one.plans_per_s} plans/s ` +
      `(${one.cpu_ms_per_plan} ms CPU per plan), ${cpus} workers ${all.plans_per_s} plans/s (${all.cpu_ms_per_plan} ms CPU per plan): ` +
      `${scaled.ratio}x; main thread busy ${Math.round(all.main_thread_busy * 100)} %`,
  );
  console.log(
    `machine ceiling: a pure-JS loop on ${cpus} threads runs ${scaled.ceiling}x as fast as on 1; ` +
      `the pool reaches ${Math.round(scaled.ratio_of_ceiling * 100)} % of that (rounds: ${scaled.per_round.map((r) => `${r.ratio}x/${r.ceiling}x`).join(', ')})`,
  );
  const e2e = await endToEnd();
  console.log(
    `generate-pdf end to end: ${e2e.rps} req/s, p50 ${e2e.p50_ms} ms, p99 ${e2e.p99_ms} ms at ${e2e.connections} connections, ` +
      `${e2e.cpu_us_per_request} µs CPU per request`,
  );
  writeResult('pdf', {
    date: new Date().toISOString(),
    node: process.version,
    cpus,
    renders: RENDERS,
    seconds: settings.seconds,
    single,
    scripts,
    throughput: scaled,
    e2e,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
