import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields, stopIfCancelled } from '@evalplan/common/grpc';
import { IncidentLog, type Logger } from '@evalplan/common/logging';

/** A rendered PDF larger than this is refused rather than buffered (a sane plan is far below it). */
const MAX_PDF_BYTES = 50 * 1024 * 1024;
const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * Client of a Gotenberg-compatible HTML renderer (docs/decisions.md, decision 5):
 * one multipart part, field "files", file name index.html, posted to the
 * full .../forms/chromium/convert/html URL. Unreachable, timed out or busy
 * (503/504) → PDF_RENDERER_UNAVAILABLE; any other failure, or an answer that
 * is not a PDF → PDF_GENERATION_FAILED.
 */
export class HtmlRenderer {
  /** Unreachable, too slow or busy: one incident in the log, not a line per PDF. */
  private readonly outage: IncidentLog;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
    summaryIntervalMs = 30_000,
  ) {
    this.outage = new IncidentLog({
      logger,
      fields: { dependency: 'html-renderer', timeout_ms: timeoutMs },
      countField: 'refused_pdfs',
      messages: {
        started: 'HTML renderer unavailable',
        ongoing: 'HTML renderer still unavailable',
        ended: 'HTML renderer available again',
      },
      summaryIntervalMs,
    });
  }

  /** `context`: the request the PDF is for, named in the log lines about a failure. */
  async render(document: string, context?: RequestContext): Promise<Buffer> {
    const form = new FormData();
    form.append('files', new Blob([document], { type: 'text/html; charset=utf-8' }), 'index.html');
    const timeout = AbortSignal.timeout(this.timeoutMs);
    // The caller going away ends the render too: the renderer's work is for nobody any more.
    const caller = context?.signal;
    const signal = caller ? AbortSignal.any([timeout, caller]) : timeout;
    let response: Response;
    try {
      // No redirects: the configured URL is the only place this service posts to.
      response = await fetch(this.url, { method: 'POST', body: form, signal, redirect: 'error' });
    } catch (error) {
      stopIfCancelled(context);
      this.outage.add(1, { error: error instanceof Error ? error.message : String(error) });
      throw new AppError('PDF_RENDERER_UNAVAILABLE');
    }
    try {
      if (response.status === 503 || response.status === 504) {
        this.outage.add(1, { status: response.status });
        throw new AppError('PDF_RENDERER_UNAVAILABLE');
      }
      if (this.outage.open) this.outage.end();
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 300);
        this.logger.error({ status: response.status, detail, ...requestFields(context) }, 'HTML renderer failed');
        throw new AppError('PDF_GENERATION_FAILED');
      }
      const pdf = await readCapped(response, MAX_PDF_BYTES);
      if (!pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
        this.logger.error(
          { bytes: pdf.length, content_type: response.headers.get('content-type'), ...requestFields(context) },
          'HTML renderer answered without a PDF',
        );
        throw new AppError('PDF_GENERATION_FAILED');
      }
      return pdf;
    } catch (error) {
      if (error instanceof AppError) throw error;
      stopIfCancelled(context);
      // The body stopped arriving: timed out or the connection broke half-way.
      if (signal.aborted) {
        this.outage.add(1, { error: 'response timed out' });
        throw new AppError('PDF_RENDERER_UNAVAILABLE');
      }
      this.logger.warn({ err: error, ...requestFields(context) }, 'HTML renderer response incomplete');
      throw new AppError('PDF_GENERATION_FAILED');
    } finally {
      if (!response.bodyUsed) await response.body?.cancel().catch(() => undefined);
    }
  }
}

async function readCapped(response: Response, limit: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) throw new AppError('PDF_GENERATION_FAILED', 'The rendered PDF is too large.');
  const chunks: Buffer[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.length;
    if (size > limit) {
      await reader.cancel();
      throw new AppError('PDF_GENERATION_FAILED', 'The rendered PDF is too large.');
    }
    chunks.push(Buffer.from(next.value));
  }
  return Buffer.concat(chunks);
}
