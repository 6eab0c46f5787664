// The baseline of the benchmarks' ratios: a bare Koa app, started by
// bench/lib.js startBare in a process of its own with no telemetry preload,
// so it shows the limit of this machine and carries none of the stack's
// costs. It answers GET /api/v1/ping like the gateway and, when DATABASE_URL
// is set, GET /api/v1/sessions/<id> with the wizard-service's SELECT straight
// through a `pg` pool of the stack's default size (DATABASE_POOL_SIZE, 10).
// Listens on 127.0.0.1:PORT; SIGTERM stops it.
'use strict';
const Koa = require('koa');
const { Pool } = require('pg');

const SESSION_PATH = /^\/api\/v1\/sessions\/([0-9a-f-]{36})$/;
const pool = process.env.DATABASE_URL
  ? new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE || 10) })
  : undefined;

async function readSession(ctx, id) {
  const { rows } = await pool.query(
    `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at_iso,
            to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at_iso,
            steps::text AS steps_json, current_step, is_complete, pdf_url
       FROM wizard_sessions WHERE id = $1 AND expires_at > now()`,
    [id],
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
}

const app = new Koa();
app.use(async (ctx) => {
  const session = pool && SESSION_PATH.exec(ctx.path);
  if (session) return readSession(ctx, session[1]);
  ctx.body = { message: 'pong' };
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close(async () => {
    await pool?.end();
    process.exit(0);
  });
  // Keep-alive connections of the load generator would hold close() open.
  server.closeAllConnections();
});
