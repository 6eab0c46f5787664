// Child process of bench/ping.js: the full stack (embedded defaults, telemetry
// preloaded as in production) and a bare Koa route answering the same JSON,
// side by side in one process so both get the same CPU.
'use strict';
const os = require('node:os');
const path = require('node:path');
const fs = require('node:fs');
const Koa = require('koa');
const { loadConfig, createLogger } = require('@evalplan/common');
const { EPHEMERAL_PORTS_ENV, startStack } = require('@evalplan/stack');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalplan-bench-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...EPHEMERAL_PORTS_ENV,
  };
  const stack = await startStack(loadConfig(env), { loggerFor: (name) => createLogger({ name, level: 'warn' }) });

  const bare = new Koa();
  bare.use((ctx) => {
    ctx.body = { message: 'pong' };
  });
  const bareServer = bare.listen(0, '127.0.0.1');
  await new Promise((resolve) => bareServer.once('listening', resolve));

  process.send({ gateway: stack.port, bare: bareServer.address().port });
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    bareServer.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
