import { type ConfigOf, defineSettings } from '@evalplan/common/config';

/** pdf-service's SMTP send timeout: the longest a PDF generation waits for its e-mail. */
export const MAIL_SEND_TIMEOUT_MS = 15_000;

/**
 * How long the HTML renderer may take: pdf-service's timeout for it, and part
 * of the deadline its callers (wizard-service, the gateway) give a PDF generation.
 */
export const pdfRendererTimeoutSettings = defineSettings((read) => ({
  pdfHtmlRendererTimeoutMs: read.duration('PDF_HTML_RENDERER_TIMEOUT', '30s'),
}));
export type PdfRendererTimeoutSettings = ConfigOf<typeof pdfRendererTimeoutSettings>;

/**
 * The deadline a caller gives pdf-service's RenderPlan: the HTML renderer's
 * whole timeout, one call's worth for storing the file, and the mail's send
 * timeout. Callers further up add their own steps.
 */
export function renderPlanDeadlineMs(settings: PdfRendererTimeoutSettings & { grpcDeadlineMs: number }): number {
  return settings.pdfHtmlRendererTimeoutMs + settings.grpcDeadlineMs + MAIL_SEND_TIMEOUT_MS;
}
