import { PassThrough } from 'node:stream';
import { type Logger } from '@evalplan/common/logging';
import { fromStruct } from '@evalplan/common/typed-json';
import { stepsJson, stepsJsonText, type types } from '@evalplan/protos';
import type { Context } from 'koa';
import Router from '@koa/router';
import { callerOf } from '../auth/caller';
import { type AuthGuard, userOf } from '../auth/guard';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import type { ServiceClients } from '../clients';
import type { GatewayConfig } from '../config';
import { bodyMessage } from './request-parts';
import { writeDrained } from './stream-writes';
import { forRequest } from '../middleware/request-id';
import type { Static } from '@sinclair/typebox';
import type { ExportedActivity, ExportedProject } from '../contracts/responses';

/** An export streams as fast as the client reads; GRPC_DEADLINE is meant for quick calls. */
const EXPORT_DEADLINE_MS = 30 * 60 * 1000;
/**
 * auth-service has wizard-service and activity-service delete their part,
 * each within a minute (auth-service's PERSONAL_DATA_DEADLINE_MS), after
 * checking the password.
 */
const DELETE_DEADLINE_MS = 150_000;

export interface AccountDataDeps {
  config: GatewayConfig;
  clients: ServiceClients;
  guard: AuthGuard;
  logger: Logger;
}

/** A project as the export shows it, with its steps as stored. */
function projectJson({ project, pdfs }: types.ExportedProject__Output): string {
  const status = project?.wizardStatus;
  const head = JSON.stringify({
    id: project?.projectId,
    name: project?.name,
    description: project?.description,
    createdAt: project?.createdAt,
    updatedAt: project?.updatedAt,
    currentStep: status?.currentStep,
    isComplete: status?.isComplete,
  } satisfies Partial<Static<typeof ExportedProject>>);
  const files = JSON.stringify(pdfs.map((pdf) => ({ url: pdf.pdfUrl, createdAt: pdf.createdAt })));
  const steps = stepsJson(status?.steps);
  return `${head.slice(0, -1)},"steps":${stepsJsonText(steps) ?? JSON.stringify(steps)},"pdfs":${files}}`;
}

/** An activity event as the export shows it, with its metadata as stored. */
function eventJson(event: types.ExportedEvent__Output): string {
  const head = JSON.stringify({
    eventType: event.eventType,
    sessionId: event.sessionId ?? null,
    projectId: event.projectId ?? null,
    method: event.method,
    path: event.path,
    statusCode: event.statusCode ?? null,
    durationMs: event.durationMs ?? null,
  } satisfies Omit<Static<typeof ExportedActivity>, 'metadata' | 'createdAt'>);
  return `${head.slice(0, -1)},"metadata":${JSON.stringify(fromStruct(event.metadata))},"createdAt":${JSON.stringify(event.createdAt)}}`;
}

/**
 * GET /me/export: one JSON document written as the services stream it, so a
 * long history never sits in memory. Errors before the first project (a
 * service away) are still envelopes; once the 200 is out, a failure cuts the
 * connection, so the client sees a broken download, never a valid-looking
 * document with data missing.
 */
async function exportData(ctx: Context, { clients, logger }: AccountDataDeps): Promise<void> {
  const userId = userOf(ctx).id;
  const account = await clients.auth.unary('GetUser', { userId }, forRequest(ctx));
  const options = forRequest(ctx, { deadlineMs: EXPORT_DEADLINE_MS });
  const projectStream = clients.wizard.stream('ExportOwnerProjects', { ownerId: userId }, options);
  const projects = projectStream[Symbol.asyncIterator]();
  const first = await projects.next();

  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.set('Content-Disposition', 'attachment; filename="evalplan-export.json"');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  const body = new PassThrough();
  ctx.body = body;
  let eventStream: { cancel(): void } | undefined;
  // A client that goes away stops the services' streams too.
  body.once('close', () => {
    projectStream.cancel();
    eventStream?.cancel();
  });
  const write = async (text: string): Promise<void> => {
    if (!(await writeDrained(body, text))) throw new Error('the client went away');
  };

  void (async () => {
    try {
      const about = { id: account.id, email: account.email, created_at: account.createdAt };
      await write(`{"exportedAt":${JSON.stringify(new Date().toISOString())},"account":${JSON.stringify(about)},"projects":[`);
      let separator = '';
      for (let next = first; !next.done; next = await projects.next()) {
        await write(separator + projectJson(next.value));
        separator = ',';
      }
      await write('],"activity":[');
      const events = clients.activity.stream('ExportUserEvents', { userId }, options);
      eventStream = events;
      separator = '';
      for await (const page of events) {
        if (page.events.length === 0) continue;
        await write(separator + page.events.map(eventJson).join(','));
        separator = ',';
      }
      body.end(']}');
    } catch (error) {
      if (!body.destroyed) {
        logger.warn({ err: error, user_id: userId, request_id: ctx.state.requestId }, 'data export cut short');
      }
      body.destroy();
      // The status line is out: only a cut connection tells the client the document is incomplete.
      ctx.res.destroy();
    }
  })();
}

/** GET /api/v1/auth/me/export and DELETE /api/v1/auth/me: a person's data, taken out or deleted. */
export function accountDataRoutes(deps: AccountDataDeps): Router {
  const router = new Router({ prefix: '/api/v1/auth' });
  const { clients, guard, config } = deps;

  router.get('/me/export', guard.required, (ctx) => exportData(ctx, deps));

  // auth-service checks the password and deletes everything; here only HTTP.
  router.delete('/me', guard.required, async (ctx) => {
    await clients.auth.unary(
      'DeleteAccount',
      { caller: callerOf(ctx), confirmation: bodyMessage(ctx, 'AccountDeletion') },
      forRequest(ctx, { deadlineMs: DELETE_DEADLINE_MS }),
    );
    clearRefreshCookie(ctx, config.cookieSecure);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
  });

  return router;
}
