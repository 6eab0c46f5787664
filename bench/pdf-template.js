// Benchmark (issue 36): what running template work on worker threads costs
// generate-pdf. POST /sessions/{id}/generate-pdf with a small custom template
// through the all-in-one process (`npm start`: PGlite, local storage, no-op
// mail), its renderer a stub in this process that answers a fixed PDF at
// once, so the figures are evalplan's own work: the body checked, the
// template checked and filled, the file stored. The built-in layout (no
// template, never near the template workers) is measured the same way.
// Given a second checkout (built), the same requests run against its
// all-in-one process too, in one run: the throughput ratio this ÷ other
// (median over fresh-process rounds) and each one's CPU µs per request at a
// fixed rate (onOffCost in lib.js; "on" is this checkout).
// Usage: npm run build && node bench/pdf-template.js [/path/to/other/checkout]
'use strict';
const fs = require('node:fs');
const { Buffer } = require('node:buffer');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { allInOneEnv, createSession, freePort, onOffCost, settings, startNode, waitUntilAnswering, writeResult } = require('./lib');

const ROOT = path.join(__dirname, '..');
const CONNECTIONS = Number(process.env.BENCH_PDF_CONNECTIONS || 8);
/** Requests per second of the fixed-rate runs: well below either side's limit. */
const RATE = Number(process.env.BENCH_PDF_RATE || 80);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
/** The template of docs/api.md's example. */
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

/** Starts `root`'s all-in-one process as lib.startAllInOne does, with a complete session; the generate-pdf target for `body`. */
function starter(root, renderer, body) {
  return async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalplan-bench-'));
    const port = await freePort();
    const args = ['--require', path.join(root, 'common', 'dist', 'telemetry-preload.js'), path.join(root, 'stack', 'dist', 'main.js')];
    const stack = startNode(args, allInOneEnv(dir, port, { PDF_HTML_RENDERER_URL: renderer.url }), { stdout: 'ignore' });
    const stop = async () => {
      await stack.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    const base = `http://127.0.0.1:${port}/api/v1`;
    try {
      await waitUntilAnswering(`http://127.0.0.1:${port}/ready`, 60_000, stack.exited);
      const sessionId = await createSession(base);
      const target = {
        url: `${base}/sessions/${sessionId}/generate-pdf`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        connections: CONNECTIONS,
        cpu: { evalplan: stack.pid },
      };
      return { target, stop };
    } catch (error) {
      await stop();
      throw error;
    }
  };
}

async function main() {
  const other = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const renderer = await startStubRenderer();
  const report = { date: new Date().toISOString(), node: process.version, cpus: os.availableParallelism(), seconds: settings.seconds };
  try {
    for (const [layout, body] of [
      ['template', { template: TEMPLATE }],
      ['built-in', {}],
    ]) {
      const on = starter(ROOT, renderer, body);
      const off = starter(other ?? ROOT, renderer, body);
      const cost = await onOffCost({ on, off }, { rounds: ROUNDS, sameRate: { rate: RATE, rounds: ROUNDS } });
      report[layout] = cost;
      const { summary, same_rate: rate } = cost;
      console.log(
        `${layout}: this ${summary.on.rps} req/s (${summary.on.cpu_us_total} µs CPU), ` +
          `${other ? 'other' : 'this again'} ${summary.off.rps} req/s (${summary.off.cpu_us_total} µs CPU): ` +
          `ratio ${cost.ratio_on_over_off.toFixed(3)}; at ${RATE} req/s ${rate.cpu_us_per_request.on.toFixed(0)} µs against ` +
          `${rate.cpu_us_per_request.off.toFixed(0)} µs CPU per request`,
      );
    }
  } finally {
    renderer.close();
  }
  writeResult('pdf-template', { ...report, other });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
