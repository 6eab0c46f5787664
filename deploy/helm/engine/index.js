// Builds the Go engine (once per source version) and runs it. The binary is content-addressed: its
// path holds a hash of the Go sources, so an edited engine is rebuilt and a stale one is never run.
const { Buffer } = require('node:buffer');
const { spawn, spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** The Debian packages the engine builds from: the Go toolchain and the libraries it imports. */
const DEBIAN_PACKAGES = [
  'golang-go',
  'golang-github-masterminds-sprig-dev',
  'golang-github-masterminds-semver-dev',
  'golang-k8s-sigs-yaml-dev',
  'golang-gopkg-yaml.v2-dev',
  'golang-github-xeipuuv-gojsonschema-dev',
];
/** Where Debian installs Go libraries (GOPATH mode: no module download at build time). */
const DEBIAN_GOPATH = '/usr/share/gocode';

function sourceHash() {
  const hash = createHash('sha256');
  for (const file of readdirSync(__dirname)
    .filter((name) => name.endsWith('.go'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(__dirname, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The engine's path, built first if this version of the sources has not been. */
function engineBinary() {
  const dir = path.join(os.tmpdir(), 'helm-template-engine');
  const binary = path.join(dir, `engine-${sourceHash()}`);
  if (existsSync(binary)) return binary;
  if (spawnSync('go', ['version']).error) {
    throw new Error(`the chart engine needs Go and its libraries from Debian: apt-get install ${DEBIAN_PACKAGES.join(' ')}`);
  }
  mkdirSync(dir, { recursive: true });
  // Built beside its final name and renamed: concurrent builds never run a half-written file.
  const partial = `${binary}.${process.pid}.partial`;
  const build = spawnSync('go', ['build', '-trimpath', '-o', partial, '.'], {
    cwd: __dirname,
    encoding: 'utf8',
    env: { ...process.env, GO111MODULE: 'off', GOPATH: DEBIAN_GOPATH, GOFLAGS: '', GOCACHE: path.join(dir, 'gocache') },
  });
  if (build.status !== 0) {
    throw new Error(`building the chart engine failed (apt-get install ${DEBIAN_PACKAGES.join(' ')}):\n${build.stderr}`);
  }
  renameSync(partial, binary);
  return binary;
}

/**
 * Runs the engine with `helm template` arguments ([NAME] CHART, -f, --set, ...). Resolves with its
 * exit code, stdout and stderr; never rejects for a failed render (that is a result).
 */
function renderChart(args, options = {}) {
  const binary = engineBinary();
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd: options.cwd, stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }),
    );
    if (child.stdin) {
      // The engine reads stdin only for `-f -`; when it exits first (a refused render), the unread input is moot.
      child.stdin.on('error', () => {});
      child.stdin.end(options.stdin);
    }
  });
}

module.exports = { engineBinary, renderChart, DEBIAN_PACKAGES };
