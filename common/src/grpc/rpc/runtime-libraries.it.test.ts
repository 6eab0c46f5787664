import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * One gRPC implementation at run time: serving and calling (unary calls, a
 * server stream, health) load no grpc-js, only the definitions' loader and
 * the health service. grpc-js comes in with @grpc/reflection, on the first
 * reflection call alone (a debugging tool's question).
 */
const FIXTURE = path.join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'grpc-modules.js');

it('serving and calling load no grpc-js; a reflection call is what brings it in', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [FIXTURE], { timeout: 30_000 });
  const loaded = JSON.parse(stdout) as { afterCalls: string[]; afterReflection: string[] };
  expect(loaded.afterCalls).toEqual(['@grpc/proto-loader', 'grpc-health-check']);
  expect(loaded.afterReflection).toEqual(expect.arrayContaining(['@grpc/grpc-js', '@grpc/reflection']));
}, 40_000);
