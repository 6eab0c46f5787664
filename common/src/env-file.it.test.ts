import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const PRELOAD = path.resolve(__dirname, '../dist/telemetry-preload.js');
const run = promisify(execFile);

/** What a process started the way `npm start` starts one (EVALPLAN_ENV_FILE=.env) sees of two settings, from `cwd`. */
async function settingsSeen(
  cwd: string,
  env: Record<string, string> = { EVALPLAN_ENV_FILE: '.env' },
): Promise<{ logLevel?: string; cors?: string }> {
  const { stdout } = await run(
    process.execPath,
    [
      '--require',
      PRELOAD,
      '-e',
      'console.log(JSON.stringify({ logLevel: process.env.LOG_LEVEL, cors: process.env.CORS_ALLOWED_ORIGINS }))',
    ],
    { cwd, env: { PATH: process.env.PATH ?? '', OTEL_SDK_DISABLED: 'true', OTEL_METRICS_EXPORTER: 'none', ...env } },
  );
  return JSON.parse(stdout) as { logLevel?: string; cors?: string };
}

describe('.env at start-up', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'evalplan-env-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is read when present, comments and quotes included', async () => {
    await writeFile(path.join(dir, '.env'), '# local settings\nLOG_LEVEL=debug\nCORS_ALLOWED_ORIGINS="http://localhost:5173"\n');
    expect(await settingsSeen(dir)).toEqual({ logLevel: 'debug', cors: 'http://localhost:5173' });
  });

  it('loses to a variable the environment already sets', async () => {
    await writeFile(path.join(dir, '.env'), 'LOG_LEVEL=debug\n');
    expect(await settingsSeen(dir, { EVALPLAN_ENV_FILE: '.env', LOG_LEVEL: 'warn' })).toEqual({ logLevel: 'warn' });
  });

  it('is not read unless the start script names it: tests and benchmarks spawning components see only their own settings', async () => {
    await writeFile(path.join(dir, '.env'), 'LOG_LEVEL=debug\n');
    expect(await settingsSeen(dir, {})).toEqual({});
  });

  it('is not needed', async () => {
    expect(await settingsSeen(dir)).toEqual({});
  });
});
