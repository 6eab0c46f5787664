import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { AppError } from '@evalplan/common/errors';
import type { Resume } from '@evalplan/common/grpc';
import { renderPlanDeadlineMs } from '@evalplan/pdf-service/contracts';
import type { types } from '@evalplan/protos';
import type { Context } from 'koa';
import Router from '@koa/router';
import { markActivity } from '../activity/activity-observer';
import { type AuthGuard, userOf } from '../auth/guard';
import type { ServiceClients } from '../clients';
import type { GatewayConfig } from '../config';
import { type Caller, type ClientLimits, recipientOf } from '../limits/client-limits';
import { FILES_PREFIX, FILES_ROUTE } from '../contracts/pdf-urls';
import { bodyMessage, param, projectRef, sessionRef } from './request-parts';
import { untilClientLeaves } from '../middleware/cancellation';
import { forRequest } from '../middleware/request-id';
import { STORED_PDF_CACHE } from '../middleware/response-headers';
import { MAIL_HELD_BACK, oneOfOrThrow } from '../contracts/answer-values';
import type { Answer } from '../contracts/responses';

/** A download may take as long as a slow client needs; GRPC_DEADLINE is meant for quick calls. */
const DOWNLOAD_DEADLINE_MS = 15 * 60 * 1000;

/**
 * A download name from the plan's title: letters, digits and a few separators
 * of any script, never a path; `extension` ("pdf", "md", "docx") ends it.
 */
export function downloadName(title: string, extension = 'pdf'): string {
  const base = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return `${base || 'evaluation-plan'}.${extension}`;
}

/** The name for clients that cannot read RFC 5987's filename*: ASCII only, or the generic name. */
export function asciiFallback(fileName: string, extension = 'pdf'): string {
  const suffix = `.${extension}`;
  const ascii = fileName
    .replace(/[^\x20-\x7e]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Three letters or digits in a row before the extension: a name that still says something.
  const usable = ascii.endsWith(suffix) && /[A-Za-z0-9]{3}/.test(ascii.slice(0, -suffix.length)) && !ascii.startsWith('.');
  return usable ? ascii : `evaluation-plan${suffix}`;
}

interface StreamOptions {
  fileName?: string;
  /** Public files never change under their name; the current-PDF routes do. */
  cacheControl: string;
}

/**
 * Streams a stored PDF from pdf-service. The first message carries the
 * metadata, so errors (not found, unavailable) surface before any header is
 * written and still become envelopes; a fresh conditional GET is a 304.
 */
async function streamPdf(ctx: Context, clients: ServiceClients, file: types.ReadPdfRequest, options: StreamOptions): Promise<void> {
  const stream = clients.pdf.stream('ReadPdf', file, forRequest(ctx, { deadlineMs: DOWNLOAD_DEADLINE_MS, resume: RESUME_DOWNLOAD }));
  const chunks = stream[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) throw new AppError('PDF_NOT_FOUND');
  const meta = first.value;
  ctx.set('Cache-Control', options.cacheControl);
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (meta.etag) ctx.etag = meta.etag;
  if (meta.lastModified) ctx.lastModified = new Date(meta.lastModified);
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    // Cancels the call itself, so pdf-service closes the file instead of waiting for a reader.
    stream.cancel();
    return;
  }
  const fileName = options.fileName ?? (meta.fileName || 'evaluation-plan.pdf');
  ctx.attachment(fileName, { fallback: asciiFallback(fileName) });
  ctx.type = 'application/pdf';
  if (ctx.method === 'HEAD') {
    ctx.length = Number(meta.size);
    stream.cancel();
    return;
  }
  markActivity(ctx, 'pdf_downloaded');
  const body = new PassThrough();
  ctx.body = body;
  ctx.length = Number(meta.size);
  // A client that goes away stops the transfer from pdf-service too.
  body.once('close', () => stream.cancel());
  void (async () => {
    try {
      for (let next: IteratorResult<types.PdfChunk__Output> = first; !next.done; next = await chunks.next()) {
        if (body.destroyed) return;
        if (next.value.data.length === 0) continue;
        if (!body.write(next.value.data)) await Promise.race([once(body, 'drain'), once(body, 'close')]);
      }
      body.end();
    } catch (error) {
      // Cut short: the client sees a broken download, never a short file that looks whole.
      body.destroy(error as Error);
    }
  })();
}

/**
 * A download whose pdf-service replica goes away mid-file (a restart)
 * continues from another one, once or twice, when it serves the very same
 * file (a stored file never changes under its name); the bytes already sent
 * are skipped.
 */
const RESUME_DOWNLOAD: Resume<types.PdfChunk__Output> = {
  times: 2,
  sameStream: (first, again) => again.etag === first.etag && String(again.size) === String(first.size),
  sizeOf: (chunk) => chunk.data.length,
  skip: (chunk, bytes) => ({ ...chunk, data: chunk.data.subarray(bytes) }),
};

/** The download routes the web client uses: the current PDF of a session or project. */
async function downloadCurrentPdf(ctx: Context, clients: ServiceClients, wizard: types.WizardRef): Promise<void> {
  // The title names the file; the plan itself is not needed.
  const plan = await clients.wizard.unary('GetPlan', { wizard, titleOnly: true }, forRequest(ctx));
  if (!plan.pdfUrl) throw new AppError('PDF_NOT_FOUND', 'No PDF has been generated for this plan yet.');
  const title = plan.title;
  // pdf-service alone knows which file a recorded URL names.
  await streamPdf(ctx, clients, { pdfUrl: plan.pdfUrl }, { fileName: downloadName(title), cacheControl: 'private, no-cache' });
}

/**
 * The contract names one 503 for generate-pdf, PDF_RENDERER_UNAVAILABLE: a
 * PDF that cannot be made now (wizard-service, pdf-service or what they need away) is
 * said in its words; the details keep which part was missing.
 */
function inPdfTerms(error: unknown): never {
  if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') {
    throw new AppError('PDF_RENDERER_UNAVAILABLE', 'PDFs cannot be made right now. Please try again shortly.', error.details);
  }
  throw error;
}

/** generate-pdf's deadline: pdf-service's render, store and mail, plus a call's worth for wizard-service loading the plan and recording it. */
export function generatePdfDeadlineMs(config: GatewayConfig): number {
  return renderPlanDeadlineMs(config) + config.grpcDeadlineMs;
}

/** The e-mail object of a PDF result: the contract's fields, and the reason only when there is one. */
function emailJson(email: types.EmailResult__Output | null): Answer<'EmailResult'> | null {
  if (!email) return null;
  const { requested, to, provider, sent, messageId, reason } = email;
  if (!reason) return { requested, to, provider, sent, messageId };
  const { message, retryAfterSeconds } = reason;
  return {
    requested,
    to,
    provider,
    sent,
    messageId,
    reason: { code: oneOfOrThrow(MAIL_HELD_BACK, reason.code, 'reason'), message, retryAfterSeconds },
  };
}

/** generate-pdf and the current-PDF downloads of sessions and projects. */
export function pdfRoutes(config: GatewayConfig, clients: ServiceClients, guard: AuthGuard, limits: ClientLimits): Router {
  const router = new Router({ prefix: '/api/v1' });
  const deadlineMs = generatePdfDeadlineMs(config);

  const generate = async (ctx: Context, wizard: types.WizardRef, caller: Caller) => {
    // wizard-service checks the wizard, has pdf-service render it (and send the e-mail, unless a limit holds it back) and records the URL.
    const result = await limits
      .generating(ctx, caller, recipientOf(ctx.request.body), (withholdMail) =>
        clients.wizard.unary(
          'GeneratePdf',
          { wizard, options: bodyMessage(ctx, 'PdfOptions'), ...(withholdMail ? { withholdMail } : {}) },
          forRequest(ctx, { deadlineMs, signal: untilClientLeaves(ctx) }),
        ),
      )
      .catch(inPdfTerms);
    markActivity(ctx, 'pdf_generated');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { pdfUrl: result.pdfUrl, email: emailJson(result.email) } satisfies Answer<'PdfResult'>;
  };

  router.post('/sessions/:sessionId/generate-pdf', (ctx) =>
    generate(ctx, sessionRef(ctx), { kind: 'session', id: param(ctx, 'sessionId') }),
  );
  router.get('/sessions/:sessionId/download-pdf', (ctx) => downloadCurrentPdf(ctx, clients, sessionRef(ctx)));
  router.post('/projects/:projectId/generate-pdf', guard.required, (ctx) =>
    generate(ctx, projectRef(ctx), { kind: 'user', id: userOf(ctx).id }),
  );
  router.get('/projects/:projectId/download-pdf', guard.required, (ctx) => downloadCurrentPdf(ctx, clients, projectRef(ctx)));
  return router;
}

/**
 * GET /files/pdfs/*: public PDF delivery, outside the versioned prefix.
 * pdf-service accepts only paths shaped exactly like its keys, so traversal
 * attempts are a 404 before storage is asked. The route is registered under
 * the name FILES_ROUTE, which logs and metrics use for it.
 */
export function fileRoutes(clients: ServiceClients): Router {
  const router = new Router();
  router.get(FILES_ROUTE, /^\/files\/pdfs\/.+$/, async (ctx) => {
    // The path as sent, not decoded: a percent-encoded key is never one of ours.
    const publicPath = ctx.path.slice(FILES_PREFIX.length);
    // A file never changes under its name, but it is someone's plan and is deleted with its project or
    // session: no shared cache keeps it, and a browser asks again (a 304 while it exists) after a day.
    await streamPdf(ctx, clients, { key: publicPath }, { cacheControl: STORED_PDF_CACHE });
  });
  return router;
}
