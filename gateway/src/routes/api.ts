import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { AppError } from '@evalplan/common';
import type { types } from '@evalplan/protos';
import type { Context } from 'koa';
import Router from '@koa/router';
import type { AuthGuard, AuthState } from '../auth/guard';
import type { ServiceClients } from '../clients';
import { bodyJson, projectRef, sessionRef } from './request-parts';

/**
 * PDF and activity routes, forwarding to their services. The services answer
 * UNIMPLEMENTED until their feature lands, which reaches the client as a 501
 * envelope; each feature then shapes its own responses.
 */

/** The signed-in user's id, '' for an anonymous caller of an optional-bearer route. */
function optionalUserId(ctx: Context): string {
  return (ctx.state as AuthState).user?.id ?? '';
}

export function apiRoutes(clients: ServiceClients, guard: AuthGuard): Router {
  const router = new Router({ prefix: '/api/v1' });
  const { pdf, activity } = clients;

  router.post('/sessions/:sessionId/generate-pdf', async (ctx) => {
    ctx.body = await pdf.unary('GeneratePdf', { wizard: sessionRef(ctx), bodyJson: bodyJson(ctx) });
  });
  router.get('/sessions/:sessionId/download-pdf', async (ctx) => {
    await downloadCurrentPdf(ctx, clients, sessionRef(ctx));
  });

  router.post('/projects/:projectId/generate-pdf', guard.required, async (ctx) => {
    ctx.body = await pdf.unary('GeneratePdf', { wizard: projectRef(ctx), bodyJson: bodyJson(ctx) });
  });
  router.get('/projects/:projectId/download-pdf', guard.required, async (ctx) => {
    await downloadCurrentPdf(ctx, clients, projectRef(ctx));
  });

  router.post('/activity/events', guard.optional, async (ctx) => {
    await activity.unary('RecordFrontendEvent', {
      userId: optionalUserId(ctx),
      bodyJson: bodyJson(ctx),
      requestId: String(ctx.state.requestId ?? ''),
      userAgent: ctx.get('User-Agent'),
    });
    ctx.status = 202;
    ctx.body = { status: 'accepted' };
  });

  return router;
}

/** The object key behind a public PDF URL (".../files/pdfs/<key>"), or undefined. */
function keyOfPdfUrl(url: string): string | undefined {
  const marker = '/files/pdfs/';
  const at = url.indexOf(marker);
  return at === -1 ? undefined : url.slice(at + marker.length);
}

/**
 * Streams a stored PDF from pdf-service. The first message carries the
 * metadata, so errors (not found, unavailable) surface before any header is
 * written and still become envelopes.
 */
async function streamPdf(ctx: Context, clients: ServiceClients, key: string): Promise<void> {
  const chunks = clients.pdf.stream('ReadPdf', { key })[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) throw new AppError('PDF_NOT_FOUND');
  const meta = first.value;
  const body = new PassThrough();
  ctx.status = 200;
  ctx.type = 'application/pdf';
  ctx.length = meta.size;
  ctx.attachment(meta.fileName || 'evaluation-plan.pdf');
  ctx.body = body;
  if (meta.data.length > 0) body.write(meta.data);
  void (async () => {
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        if (!body.write(next.value.data)) await once(body, 'drain');
      }
      body.end();
    } catch (error) {
      body.destroy(error as Error);
    }
  })();
}

/** GET /files/pdfs/*: public PDF delivery, outside the versioned prefix. */
export function fileRoutes(clients: ServiceClients): Router {
  const router = new Router();
  router.get(/^\/files\/pdfs\/(.+)$/, async (ctx) => {
    await streamPdf(ctx, clients, ctx.params[0] ?? '');
  });
  return router;
}

/** The download routes the web client uses: the current PDF of a session or project. */
async function downloadCurrentPdf(ctx: Context, clients: ServiceClients, wizard: types.WizardRef): Promise<void> {
  const plan = await clients.wizard.unary('GetPlan', { wizard });
  const key = keyOfPdfUrl(plan.pdfUrl);
  if (!key) throw new AppError('PDF_NOT_FOUND', 'No PDF has been generated yet.');
  await streamPdf(ctx, clients, key);
}
