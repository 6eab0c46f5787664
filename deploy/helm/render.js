// npm run chart:render -- [-f values.yaml] [--set k=v] ...: the evalplan chart's manifests on stdout,
// as `helm template evalplan deploy/helm/evalplan` would print them (deploy/helm/engine/README.md).
const path = require('node:path');
const { spawn } = require('node:child_process');
const { engineBinary } = require('./engine');

const CHART = path.join(__dirname, 'evalplan');

const args = process.argv.slice(2);
// A release name may be given first, as to helm template; the chart is always this one.
const release = args.length > 0 && !args[0].startsWith('-') ? args.shift() : 'evalplan';
try {
  // npm runs scripts from the package root: -f paths are the caller's, relative to where npm was run.
  const child = spawn(engineBinary(), [release, CHART, ...args], { cwd: process.env.INIT_CWD ?? process.cwd(), stdio: 'inherit' });
  child.on('exit', (code, signal) => (process.exitCode = code ?? (signal ? 1 : 0)));
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}
