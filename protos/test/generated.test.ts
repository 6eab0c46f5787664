import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PROTOS = path.resolve(__dirname, '..');
const NODE_MODULES = path.resolve(PROTOS, '..', 'node_modules');

describe('generated proto types', () => {
  it('are in step with the .proto files', async () => {
    const { stdout } = await run(process.execPath, ['scripts/generate.js', '--check'], { cwd: PROTOS });
    expect(stdout).toContain('up to date');
  });

  it('the check fails when a .proto changes without regenerating', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'evalplan-protos-check-'));
    try {
      for (const dir of ['scripts', 'proto', 'src']) await cp(path.join(PROTOS, dir), path.join(copy, dir), { recursive: true });
      const auth = path.join(copy, 'proto/evalplan/v2/auth.proto');
      await writeFile(auth, (await readFile(auth, 'utf8')).replace('message LogoutResponse {}', 'message LogoutResponse { bool ok = 1; }'));
      const result = run(process.execPath, ['scripts/generate.js', '--check'], {
        cwd: copy,
        env: { ...process.env, NODE_PATH: NODE_MODULES },
      });
      await expect(result).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('LogoutResponse.ts') });
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
