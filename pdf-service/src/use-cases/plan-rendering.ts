import { isDependencyFailure } from '@evalplan/common/dependencies';
import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields, stopIfCancelled } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import type { types } from '@evalplan/protos';
import { type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { type GenerateRequest, parseGenerateRequest } from '../domain/generate-request';
import { type TemplateData, templateData } from '../domain/template-data';
import type { MailNotSentReason, MailResult, Mailer, PlanMail } from '../mail/mailer';
import { countDeletedFiles, measuredRender } from '../metrics';
import type { HtmlRenderer } from '../render/html-renderer';
import { type PdfRenderPool, RenderPoolBusyError } from '../render/render-pool';
import { checkOwner, keyOfPdfUrl, type PdfOwner, pdfKey, pdfUrlOf, unixNanos } from '../storage/keys';
import type { PdfStore } from '../storage/pdf-store';
import type { TemplateWorkers } from '../templates/template-workers';
import { pruneOldVersions, type Retention } from './version-retention';

const tracer = trace.getTracer('evalplan-pdf');

/** Runs `work` in a span named `name`; failures are recorded on it. */
async function traced<T>(name: string, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof AppError ? error.code : 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}

export interface PlanRenderingParts {
  store: PdfStore;
  pool: PdfRenderPool;
  /** undefined when PDF_HTML_RENDERER_URL is not set: custom templates then answer 503. */
  htmlRenderer: HtmlRenderer | undefined;
  mailer: Mailer;
  /** Checks and fills custom templates off the event loop, under PDF_TEMPLATE_TIME_LIMIT. */
  templates: TemplateWorkers;
  publicBaseUrl: string;
  /** PDF_KEEP_VERSIONS: the files an owner keeps; older ones go after each render. */
  keepVersions: number;
  /**
   * How long a caller may take to record a new file: RenderPlan's deadline.
   * Younger files are never pruned, whoever rendered them.
   */
  recordingWindowMs: number;
  logger: Logger;
}

/** A plan to render, as its owner (wizard-service) hands it over. */
export interface PlanToRender {
  owner: string;
  id: string;
  document: types.PlanDocument__Output;
  /** The generate-pdf options as the JSON object the client sent. */
  options: Record<string, unknown>;
  /** The PDF URL the owner has recorded now ('' for none): pruning keeps its file. */
  recordedPdfUrl: string;
  /** Set when the gateway's limits hold the plan e-mail back: nothing is sent, the result says why. */
  withholdMail?: MailNotSentReason;
}

export interface RenderedPdf {
  pdfUrl: string;
  email: MailResult | undefined;
}

/** Renders plans (built-in layout or custom template), stores them and announces them by e-mail. */
export class PlanRendering {
  constructor(private readonly parts: PlanRenderingParts) {}

  /**
   * The generate-pdf body: types, e-mail, template safety. Its errors are the
   * caller's first answer. A body without a template is checked here, on the
   * event loop (a few microseconds); a template goes to the template workers.
   */
  async check(options: Record<string, unknown>, context?: RequestContext): Promise<GenerateRequest> {
    const request = parseGenerateRequest(options);
    if (request.template) await this.parts.templates.check(request.template, context);
    return request;
  }

  /**
   * The body is checked first, then whether a custom template can be
   * rendered at all, then the renderer is asked. A caller that leaves while
   * it renders gets nothing stored. `context` is the caller's request: its
   * calls and log lines carry its id.
   */
  async render(plan: PlanToRender, context: RequestContext): Promise<RenderedPdf> {
    const request = parseGenerateRequest(plan.options);
    const { template } = request;
    const htmlRenderer = this.parts.htmlRenderer;
    const data = templateData(plan.document, new Date(), request.timeZone);
    // One trip to the template workers: the template checked as sent and, when it can be printed, filled and checked again.
    let document: string | undefined;
    if (template && htmlRenderer) document = await this.parts.templates.fill(template, data, context);
    else if (template) await this.parts.templates.check(template, context);
    const owner = checkOwner(plan.owner, plan.id);
    if (template && !htmlRenderer) {
      throw new AppError('PDF_RENDERER_UNAVAILABLE', 'Custom templates need an HTML renderer, and none is configured.');
    }
    const pdf = await traced('pdf.render', async (span) => {
      span.setAttribute('evalplan.pdf.layout', template ? 'template' : 'built-in');
      const bytes = await measuredRender(template ? 'template' : 'builtin', context, () =>
        document !== undefined && htmlRenderer ? htmlRenderer.render(document, context) : this.renderBuiltIn(data, context),
      );
      span.setAttribute('evalplan.pdf.bytes', bytes.length);
      return bytes;
    });

    // The caller left while it rendered: nothing is stored for nobody.
    stopIfCancelled(context);
    const key = pdfKey(owner, plan.id, unixNanos());
    await this.store(key, pdf, context);
    await this.pruneOldVersions(owner, plan.id, { justWritten: key, recorded: keyOfPdfUrl(plan.recordedPdfUrl) }, context);
    const pdfUrl = pdfUrlOf(this.parts.publicBaseUrl, key);
    const to = request.notifyEmail;
    return { pdfUrl, email: to ? await this.mail({ to, title: data.Title, pdfUrl, pdf }, plan.withholdMail, context) : undefined };
  }

  /** Sends the plan e-mail, unless the gateway's limits hold it back. */
  private async mail(mail: PlanMail, withheld: MailNotSentReason | undefined, context: RequestContext): Promise<MailResult> {
    const { mailer } = this.parts;
    if (withheld) return mailer.withhold(mail.to, withheld);
    return traced('pdf.mail', () => mailer.send(mail, context));
  }

  private async store(key: string, pdf: Buffer, context: RequestContext): Promise<void> {
    const { store, logger } = this.parts;
    await traced('pdf.store', async () => {
      try {
        await store.put(key, pdf);
      } catch (error) {
        // Storage unreachable: an outage, answered 503 and logged once by the caller's monitor (bindService).
        if (isDependencyFailure(error)) throw error;
        logger.error({ err: error, store: store.kind, ...requestFields(context) }, 'storing a PDF failed');
        throw new AppError('PDF_GENERATION_FAILED', 'The PDF could not be stored. Please try again.');
      }
    });
  }

  /**
   * Best effort: a render that was stored has succeeded, whatever pruning
   * does; a file left behind now goes with the owner's next render.
   */
  private async pruneOldVersions(
    owner: PdfOwner,
    id: string,
    files: Pick<Retention, 'justWritten' | 'recorded'>,
    context: RequestContext,
  ): Promise<void> {
    const { store, keepVersions, recordingWindowMs, logger } = this.parts;
    try {
      const retention = { ...files, keep: keepVersions, keepRenderedAfterMs: Date.now() - recordingWindowMs };
      countDeletedFiles('retention', await pruneOldVersions(store, owner, id, retention));
    } catch (error) {
      logger.warn({ err: error, store: store.kind, owner, id, ...requestFields(context) }, 'deleting old PDF versions failed');
    }
  }

  private async renderBuiltIn(data: TemplateData, context: RequestContext): Promise<Buffer> {
    // A render already started is not cut off: it takes about 20 ms, and stopping it would cost its worker thread.
    stopIfCancelled(context);
    try {
      return await this.parts.pool.render(data);
    } catch (error) {
      // Its caller left meanwhile (a stopping service ends such renders): nothing failed that anyone will see.
      stopIfCancelled(context);
      if (error instanceof RenderPoolBusyError) {
        throw new AppError('PDF_RENDERER_UNAVAILABLE', 'Too many PDFs are being generated right now. Please try again in a moment.');
      }
      this.parts.logger.error({ err: error, ...requestFields(context) }, 'the built-in layout failed');
      throw new AppError('PDF_GENERATION_FAILED');
    }
  }
}
