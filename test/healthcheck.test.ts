import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './helpers/process';
import { startTestStack, type TestStack } from './helpers/stack';

/**
 * The image's HEALTHCHECK (deploy/healthcheck.js), run as Docker runs it,
 * against real components: the gateway's /ready and /health over HTTP, and a
 * service's grpc.health.v1 Check hand-built over HTTP/2. Compose starts the
 * gateway only once the services pass it, so a check that always passes or
 * never does would be noticed only in production.
 */

const run = promisify(execFile);
const SCRIPT = path.join(ROOT, 'deploy', 'healthcheck.js');

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

/** The script's exit code and what it said, for one component's environment. */
async function check(env: Record<string, string>, args: string[] = []): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], {
      env: { PATH: process.env.PATH ?? '', HEALTHCHECK_TIMEOUT_MS: '2000', ...env },
      timeout: 10_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const SERVICES = [
  ['auth-service', 'AUTH_SERVICE_ADDR', 'auth'],
  ['wizard-service', 'WIZARD_SERVICE_ADDR', 'wizard'],
  ['pdf-service', 'PDF_SERVICE_ADDR', 'pdf'],
  ['activity-service', 'ACTIVITY_SERVICE_ADDR', 'activity'],
] as const;

it('passes for a ready gateway and all-in-one process, for readiness and liveness', async () => {
  for (const component of ['gateway', 'stack']) {
    for (const args of [[], ['live']]) {
      const result = await check({ COMPONENT: component, HOST: '0.0.0.0', PORT: String(stack.port) }, args);
      expect([component, args, result.code]).toEqual([component, args, 0]);
    }
  }
});

it.each(SERVICES)('passes for a serving %s, through its grpc.health.v1 Check', async (component, variable, name) => {
  const address = `127.0.0.1:${stack.services[name].port}`;
  expect(await check({ COMPONENT: component, [variable]: address })).toMatchObject({ code: 0 });
  expect(await check({ COMPONENT: component, [variable]: address }, ['live'])).toMatchObject({ code: 0 });
});

it('fails when nothing answers where the component should listen', async () => {
  const closed = `127.0.0.1:1`;
  expect((await check({ COMPONENT: 'gateway', PORT: '1' })).code).toBe(1);
  expect((await check({ COMPONENT: 'wizard-service', WIZARD_SERVICE_ADDR: closed })).code).toBe(1);
});

it('fails for a gateway that answers but is not ready (503 on /ready), and passes its liveness', async () => {
  const notReady = await startTestStack();
  try {
    await notReady.services.wizard.stop();
    const env = { COMPONENT: 'gateway', PORT: String(notReady.port) };
    expect((await check(env)).code).toBe(1);
    expect((await check(env, ['live'])).code).toBe(0);
  } finally {
    await notReady.stop();
  }
});
