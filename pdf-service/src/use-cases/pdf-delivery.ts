import {
  AppError,
  type GrpcClientPool,
  isDependencyFailure,
  isUuid,
  type Logger,
  parseBodyJson,
  type PlanDocument,
  type RequestContext,
  requestFields,
  stopIfCancelled,
  type TemplateData,
} from '@evalplan/common';
import type { types } from '@evalplan/protos';
import { type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { parseGenerateRequest } from '../domain/generate-request';
import type { MailResult, Mailer } from '../mail/mailer';
import type { HtmlRenderer } from '../render/html-renderer';
import { type PdfRenderPool, RenderPoolBusyError } from '../render/render-pool';
import { keyOfPublicPath, ownerOfPdfUrl, ownerPrefix, type PdfOwner, pdfKey, publicPathOfPdfUrl, unixNanos } from '../storage/keys';
import type { PdfStore, StoredPdf } from '../storage/pdf-store';
import { CustomTemplate } from '../templates/custom-template';

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

export interface PdfDeliveryParts {
  wizard: GrpcClientPool<types.WizardServiceClient>;
  store: PdfStore;
  pool: PdfRenderPool;
  /** undefined when PDF_HTML_RENDERER_URL is not set: custom templates then answer 503. */
  htmlRenderer: HtmlRenderer | undefined;
  mailer: Mailer;
  publicBaseUrl: string;
  logger: Logger;
}

export interface GeneratedPdf {
  pdfUrl: string;
  email: MailResult | undefined;
}

const OWNER_OF = { session: 'sessions', project: 'projects' } as const satisfies Record<string, PdfOwner>;

/** Generate, store, record and announce PDFs; read them back; delete them with their project. */
export class PdfDelivery {
  constructor(private readonly parts: PdfDeliveryParts) {}

  /**
   * The body is checked first (types, e-mail, template safety), then the
   * wizard (exists, yours, complete), then the renderer is asked. The URL is
   * recorded on the wizard only if no step was saved while rendering.
   * `context` is the caller's request: its calls and log lines carry its id.
   */
  async generate(wizardRef: types.WizardRef, bodyJson: string, context: RequestContext): Promise<GeneratedPdf> {
    const { wizard, store, logger } = this.parts;
    const request = parseGenerateRequest(parseBodyJson(bodyJson));
    const template = request.template ? CustomTemplate.prepare(request.template) : undefined;
    const plan = await wizard.unary('GetPlan', { wizard: wizardRef }, { context });
    const status = plan.wizardStatus;
    if (!status?.isComplete) throw new AppError('WIZARD_INCOMPLETE');
    if (template && !this.parts.htmlRenderer) {
      throw new AppError('PDF_RENDERER_UNAVAILABLE', 'Custom templates need an HTML renderer, and none is configured.');
    }
    const data: TemplateData = { ...(JSON.parse(plan.documentJson) as PlanDocument), Date: new Date().toISOString() };
    const pdf = await traced('pdf.render', async (span) => {
      span.setAttribute('evalplan.pdf.layout', template ? 'template' : 'built-in');
      const bytes = template
        ? await this.parts.htmlRenderer!.render(template.fill(data), context)
        : await this.renderBuiltIn(data, context);
      span.setAttribute('evalplan.pdf.bytes', bytes.length);
      return bytes;
    });

    // The caller left while it rendered: nothing is stored or recorded for nobody.
    stopIfCancelled(context);
    const key = pdfKey(OWNER_OF[plan.kind as keyof typeof OWNER_OF], plan.id, unixNanos());
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
    const pdfUrl = `${this.parts.publicBaseUrl}/files/${key}`;
    await this.record(wizardRef, pdfUrl, status.stepsJson, key, context);

    const email = request.notifyEmail
      ? await traced('pdf.mail', () => this.parts.mailer.send({ to: request.notifyEmail!, title: data.Title, pdfUrl, pdf }, context))
      : undefined;
    return { pdfUrl, email };
  }

  /**
   * The stored PDF behind a public path (after /files/pdfs/), or else behind
   * a PDF URL of ours; PDF_NOT_FOUND for anything that is not one of our keys.
   */
  async read(publicPath: string, pdfUrl = ''): Promise<StoredPdf> {
    const path = publicPath || publicPathOfPdfUrl(pdfUrl);
    const key = path ? keyOfPublicPath(path) : undefined;
    const stored = key === undefined ? undefined : await this.parts.store.get(key);
    if (!stored) throw new AppError('PDF_NOT_FOUND');
    return stored;
  }

  /**
   * Every PDF of a project or session; and, when the owner points at a
   * session's PDF (`pdfUrl`: a project converted from a session), every PDF of
   * that session too, so no public URL of the owner outlives it.
   */
  async deleteAll(owner: string, id: string, pdfUrl = ''): Promise<void> {
    if ((owner !== 'projects' && owner !== 'sessions') || !isUuid(id)) throw new AppError('INVALID_INPUT', 'Unknown PDF owner.');
    await this.parts.store.deletePrefix(ownerPrefix(owner, id));
    const carried = ownerOfPdfUrl(pdfUrl);
    if (carried?.owner === 'sessions') await this.parts.store.deletePrefix(ownerPrefix(carried.owner, carried.id));
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

  /** Points the wizard at the new PDF; if that fails, the new file goes again. */
  private async record(
    wizardRef: types.WizardRef,
    pdfUrl: string,
    renderedStepsJson: string,
    key: string,
    context: RequestContext,
  ): Promise<void> {
    try {
      const { stored } = await this.parts.wizard.unary('SetPdfUrl', { wizard: wizardRef, pdfUrl, renderedStepsJson }, { context });
      if (!stored)
        this.parts.logger.info(
          { key, ...requestFields(context) },
          'a step was saved while rendering; the PDF is returned but not recorded',
        );
    } catch (error) {
      // Not recorded (the wizard went away, or wizard-service failed): the new file would only be an orphan.
      await this.parts.store.delete(key).catch(() => undefined);
      throw error;
    }
  }
}
