// Child process of the benchmarks: the full stack (embedded defaults unless
// DATABASE_URL / REDIS_URL are set; telemetry preloaded as in production) and
// a bare Koa app, side by side in one process so both get the same CPU. The
// bare app answers /api/v1/ping like the gateway and, with DATABASE_URL,
// GET /api/v1/sessions/<id> with the same SELECT straight through `pg`.
'use strict';
const os = require('node:os');
const path = require('node:path');
const fs = require('node:fs');
const Koa = require('koa');
const { Pool } = require('pg');
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
  const pool = process.env.DATABASE_URL
    ? new Pool({ connectionString: process.env.DATABASE_URL, max: stack.config.databasePoolSize })
    : undefined;
  bare.use(async (ctx) => {
    const session = /^\/api\/v1\/sessions\/([0-9a-f-]{36})$/.exec(ctx.path);
    if (!session || !pool) {
      ctx.body = { message: 'pong' };
      return;
    }
    const { rows } = await pool.query(
      `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at_iso,
              to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at_iso,
              steps::text AS steps_json, current_step, is_complete, pdf_url
         FROM wizard_sessions WHERE id = $1 AND expires_at > now()`,
      [session[1]],
    );
    const row = rows[0];
    if (!row) {
      ctx.status = 404;
      return;
    }
    ctx.body = {
      sessionId: row.id,
      wizardStatus: { currentStep: row.current_step, isComplete: row.is_complete, steps: JSON.parse(row.steps_json) },
      createdAt: row.created_at_iso,
      expiresAt: row.expires_at_iso,
      pdfUrl: row.pdf_url,
    };
  });
  const bareServer = bare.listen(0, '127.0.0.1');
  await new Promise((resolve) => bareServer.once('listening', resolve));

  process.send({ gateway: stack.port, bare: bareServer.address().port });
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    bareServer.close();
    await pool?.end();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
