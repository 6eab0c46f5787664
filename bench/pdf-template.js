// Benchmark (issue 36): what running template work on worker threads costs
// generate-pdf. POST /sessions/{id}/generate-pdf with a small custom template
// (docs/api.md's example) through the services deployment (PostgreSQL, the
// Redis at REDIS_URL, local storage, no-op mail), its renderer a stub in this
// process that answers a fixed PDF at once: the figure is pdf-service's own
// CPU per request (the body checked, the template checked and filled, the
// file stored and older ones pruned). Requests go round SESSIONS sessions:
// pdf-service keeps every file younger than a render's deadline (about 50 s),
// so one session would soon hold thousands, and listing them would be most of
// the figure. The built-in layout (no template,
// never near the template workers) is measured the same way. With BEFORE_DIR
// (another built checkout, as for bench/builds.js) each layout runs against
// both builds in one run: the median of the per-round throughput ratios
// after ÷ before over fresh processes, and pdf-service's CPU µs per request
// at a fixed rate (lib.onOffCost; "on" is this checkout).
// Usage: npm run build && [BEFORE_DIR=/path/to/old/checkout] node bench/pdf-template.js
//   (options: BENCH_SECONDS, BENCH_ROUNDS, BENCH_PDF_CONNECTIONS, BENCH_PDF_RATE)
'use strict';
const { Buffer } = require('node:buffer');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const after = require('./lib');

const before = process.env.BEFORE_DIR ? require(path.resolve(process.env.BEFORE_DIR, 'bench', 'lib.js')) : after;
const CONNECTIONS = Number(process.env.BENCH_PDF_CONNECTIONS || 8);
/** Requests per second of the fixed-rate runs: below either build's limit. */
const RATE = Number(process.env.BENCH_PDF_RATE || 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SESSIONS = Number(process.env.BENCH_PDF_SESSIONS || 200);
const TEMPLATE = {
  html:
    '<h1>{{ .Title }}</h1><p>{{ formatDate .Date "January 2, 2006" }}</p><h2>Goals</h2><p>{{ join .EvaluationGoals ", " }}</p>' +
    '{{ range .SelectedMethods }}<h3>{{ .Name }} <small>{{ .Priority }}</small></h3><p>{{ .Rationale }}</p>{{ end }}' +
    '<p>{{ default .Notes "No notes provided." }}</p>',
  css: 'body { font-family: sans-serif; } h1 { color: #1f4e79; }',
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A Gotenberg stand-in that reads the form and answers the same small PDF. */
async function startStubRenderer() {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length }).end(PDF));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/forms/chromium/convert/html`, close: () => server.close() };
}

/** SESSIONS complete sessions, made a few at a time. */
async function sessionsOf(base) {
  const ids = [];
  while (ids.length < SESSIONS) ids.push(...(await Promise.all(Array.from({ length: 10 }, () => after.createSession(base)))));
  return ids.slice(0, SESSIONS);
}

async function measure(databaseUrl) {
  const renderer = await startStubRenderer();
  // Complete sessions, made through the first deployment that starts; both builds share the database.
  let sessionIds;
  /** A starter (lib.freshProcessRounds) of `lib`'s services deployment, loading generate-pdf with `body`; CPU of pdf-service. */
  const starter = (lib, body) => async () => {
    const server = await lib.startServices(databaseUrl, { env: { PDF_HTML_RENDERER_URL: renderer.url } });
    sessionIds ??= await sessionsOf(server.base);
    const paths = sessionIds.map((id) => `${new URL(server.base).pathname}/sessions/${id}/generate-pdf`);
    let next = 0;
    const target = {
      url: server.origin,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          setupRequest: (request) => ({ ...request, path: paths[(next += 1) % paths.length] }),
        },
      ],
      connections: CONNECTIONS,
      cpu: { pdf: server.pids.pdf },
    };
    return { target, stop: server.stop };
  };
  const report = { date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), ...after.settings };
  try {
    for (const [layout, body] of [
      ['template', { template: TEMPLATE }],
      ['built-in', {}],
    ]) {
      const cost = await after.onOffCost(
        { on: starter(after, body), off: starter(before, body) },
        { rounds: ROUNDS, sameRate: { rate: RATE, rounds: ROUNDS } },
      );
      report[layout] = cost;
      const { summary, same_rate: rate } = cost;
      console.log(
        `${layout}: after ${summary.on.rps} req/s (pdf-service ${summary.on.cpu_us_total} µs CPU per request), ` +
          `before ${summary.off.rps} req/s (${summary.off.cpu_us_total} µs): ratio ${cost.ratio_on_over_off.toFixed(3)}; ` +
          `at ${RATE} req/s pdf-service ${rate.cpu_us_per_request.on.toFixed(0)} µs after, ${rate.cpu_us_per_request.off.toFixed(0)} µs before`,
      );
    }
  } finally {
    renderer.close();
  }
  console.log(after.writeResult('pdf-template', { ...report, before: process.env.BEFORE_DIR }));
}

after.withDatabase(measure).catch((error) => {
  console.error(error);
  process.exit(1);
});
