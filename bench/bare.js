// The baseline of the benchmarks' ratios: a bare Koa app, started by
// bench/lib.js startBare in a process of its own with no telemetry preload,
// so it shows the limit of this machine and carries none of the stack's
// costs. It answers GET /api/v1/ping like the gateway and, when DATABASE_URL
// is set, GET /api/v1/sessions/<id> with the wizard-service's SELECT straight
// through a `pg` pool of the stack's default size (DATABASE_POOL_SIZE, 10).
// With WIZARD_TARGET instead (issue 20), it answers the session read by
// calling wizard-service's GetSession through a plain @grpc/grpc-js client:
// the CPU a minimal proxy spends per call, against which the gateway's own is
// read. Listens on 127.0.0.1:PORT; SIGTERM stops it.
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

/** A plain grpc-js client to wizard-service, loaded only in that mode. */
function grpcJsWizard(target) {
  const grpc = require('@grpc/grpc-js');
  const { loadProtos, stepsJson } = require('@evalplan/protos');
  const WizardClient = grpc.makeGenericClientConstructor(loadProtos().wizard.WizardService, 'WizardService');
  const client = new WizardClient(target, grpc.credentials.createInsecure());
  toStepsJson = stepsJson;
  return (sessionId) =>
    new Promise((resolve, reject) =>
      client.GetSession({ sessionId }, { deadline: Date.now() + 5_000 }, (error, reply) => (error ? reject(error) : resolve(reply))),
    );
}
/** The typed steps as the HTTP API's steps object (set with the client). */
let toStepsJson;
const getSession = process.env.WIZARD_TARGET ? grpcJsWizard(process.env.WIZARD_TARGET) : undefined;

async function proxySession(ctx, id) {
  let session;
  try {
    session = await getSession(id);
  } catch {
    ctx.status = 404;
    return;
  }
  const status = session.wizardStatus ?? {};
  ctx.body = {
    sessionId: session.sessionId,
    wizardStatus: { currentStep: status.currentStep, isComplete: status.isComplete, steps: toStepsJson(status.steps) },
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    pdfUrl: session.pdfUrl || null,
  };
}

const app = new Koa();
app.use(async (ctx) => {
  const session = (pool || getSession) && SESSION_PATH.exec(ctx.path);
  if (session) return pool ? readSession(ctx, session[1]) : proxySession(ctx, session[1]);
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
