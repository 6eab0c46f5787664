const { loadConfig, createLogger } = require('@evalplan/common');
const { EPHEMERAL_PORTS_ENV, startStack } = require('@evalplan/stack');
const mb = (n) => Math.round(n / 1048576);
(async () => {
  const r0 = process.memoryUsage();
  console.log('before modules', mb(r0.rss));
  const dir = require('fs').mkdtempSync('/tmp/memb-');
  const stack = await startStack(loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn', ...EPHEMERAL_PORTS_ENV }), { loggerFor: (name) => createLogger({ name, level: 'warn' }) });
  await new Promise((r) => setTimeout(r, 2000));
  global.gc();
  const m = process.memoryUsage();
  console.log('rss', mb(m.rss), 'heapTotal', mb(m.heapTotal), 'heapUsed', mb(m.heapUsed), 'external', mb(m.external), 'arrayBuffers', mb(m.arrayBuffers));
  const v8 = require('v8'); console.log('code space etc', v8.getHeapSpaceStatistics().map((s) => `${s.space_name}:${mb(s.space_used_size)}`).join(' '));
  await stack.stop();
})();
