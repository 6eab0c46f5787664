import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { AppError } from '@evalplan/common';
import type { Context } from 'koa';
import Router from '@koa/router';
import type { ServiceClients } from '../clients';

/**
 * Every route of the contract, forwarding to the service that owns it. The
 * services answer UNIMPLEMENTED until their feature lands, which reaches the
 * client as a 501 envelope; each feature then shapes its own responses.
 */

function bodyJson(ctx: Context): string {
  return JSON.stringify(ctx.request.body ?? {});
}

function param(ctx: Context, name: string): string {
  return (ctx.params as Record<string, string | undefined>)[name] ?? '';
}

function sessionRef(ctx: Context): { sessionId: string } {
  return { sessionId: param(ctx, 'sessionId') };
}

function projectRef(ctx: Context): { project: { projectId: string; userId: string } } {
  return { project: { projectId: param(ctx, 'projectId'), userId: '' } };
}

function bearerToken(ctx: Context): string {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
  return match?.[1] ?? '';
}

export function apiRoutes(clients: ServiceClients): Router {
  const router = new Router({ prefix: '/api/v1' });
  const { auth, wizard, pdf, activity } = clients;

  router.post('/auth/register', async (ctx) => {
    ctx.body = await auth.unary('Register', { bodyJson: bodyJson(ctx), clientIp: ctx.ip });
  });
  router.post('/auth/login', async (ctx) => {
    ctx.body = await auth.unary('Login', { bodyJson: bodyJson(ctx), clientIp: ctx.ip });
  });
  router.post('/auth/refresh', async (ctx) => {
    ctx.body = await auth.unary('Refresh', { refreshToken: ctx.cookies.get('refresh_token') ?? '' });
  });
  router.post('/auth/logout', async (ctx) => {
    ctx.body = await auth.unary('Logout', { accessToken: bearerToken(ctx), refreshToken: ctx.cookies.get('refresh_token') ?? '' });
  });
  router.get('/auth/me', async (ctx) => {
    ctx.body = await auth.unary('GetUser', { userId: '' });
  });

  router.post('/sessions/create', async (ctx) => {
    ctx.body = await wizard.unary('CreateSession', {});
  });
  router.get('/sessions/:sessionId', async (ctx) => {
    ctx.body = await wizard.unary('GetSession', { sessionId: param(ctx, 'sessionId') });
  });
  router.put('/sessions/:sessionId/wizard/step/:stepNumber', async (ctx) => {
    ctx.body = await wizard.unary('SaveStep', {
      wizard: sessionRef(ctx),
      stepNumber: param(ctx, 'stepNumber'),
      stepDataJson: bodyJson(ctx),
    });
  });
  router.post('/sessions/:sessionId/wizard/recommendations', async (ctx) => {
    ctx.body = await wizard.unary('GetRecommendations', { wizard: sessionRef(ctx), bodyJson: bodyJson(ctx) });
  });
  router.post('/sessions/:sessionId/convert', async (ctx) => {
    ctx.body = await wizard.unary('ConvertSession', { sessionId: param(ctx, 'sessionId'), userId: '', bodyJson: bodyJson(ctx) });
  });
  router.post('/sessions/:sessionId/generate-pdf', async (ctx) => {
    ctx.body = await pdf.unary('GeneratePdf', { wizard: sessionRef(ctx), bodyJson: bodyJson(ctx) });
  });
  router.get('/sessions/:sessionId/download-pdf', async (ctx) => {
    await downloadCurrentPdf(ctx, clients, sessionRef(ctx));
  });

  router.post('/projects', async (ctx) => {
    ctx.body = await wizard.unary('CreateProject', { userId: '', bodyJson: bodyJson(ctx) });
  });
  router.get('/projects', async (ctx) => {
    ctx.body = await wizard.unary('ListProjects', {
      userId: '',
      limit: String(ctx.query.limit ?? ''),
      offset: String(ctx.query.offset ?? ''),
    });
  });
  router.get('/projects/:projectId', async (ctx) => {
    ctx.body = await wizard.unary('GetProject', projectRef(ctx));
  });
  router.patch('/projects/:projectId', async (ctx) => {
    ctx.body = await wizard.unary('UpdateProject', { ...projectRef(ctx), bodyJson: bodyJson(ctx) });
  });
  router.delete('/projects/:projectId', async (ctx) => {
    await wizard.unary('DeleteProject', projectRef(ctx));
    ctx.status = 204;
  });
  router.put('/projects/:projectId/wizard/step/:stepNumber', async (ctx) => {
    ctx.body = await wizard.unary('SaveStep', {
      wizard: projectRef(ctx),
      stepNumber: param(ctx, 'stepNumber'),
      stepDataJson: bodyJson(ctx),
    });
  });
  router.post('/projects/:projectId/wizard/recommendations', async (ctx) => {
    ctx.body = await wizard.unary('GetRecommendations', { wizard: projectRef(ctx), bodyJson: bodyJson(ctx) });
  });
  router.post('/projects/:projectId/generate-pdf', async (ctx) => {
    ctx.body = await pdf.unary('GeneratePdf', { wizard: projectRef(ctx), bodyJson: bodyJson(ctx) });
  });
  router.get('/projects/:projectId/download-pdf', async (ctx) => {
    await downloadCurrentPdf(ctx, clients, projectRef(ctx));
  });

  router.get('/catalog', async (ctx) => {
    ctx.body = await wizard.unary('GetCatalog', {});
  });

  router.post('/activity/events', async (ctx) => {
    await activity.unary('RecordFrontendEvent', {
      userId: '',
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
async function downloadCurrentPdf(ctx: Context, clients: ServiceClients, wizard: Record<string, unknown>): Promise<void> {
  const plan = await clients.wizard.unary('GetPlan', { wizard });
  const key = keyOfPdfUrl(plan.pdfUrl);
  if (!key) throw new AppError('PDF_NOT_FOUND', 'No PDF has been generated yet.');
  await streamPdf(ctx, clients, key);
}
