/** pdf-service's SMTP send timeout: the longest a PDF generation waits for its e-mail. */
export const MAIL_SEND_TIMEOUT_MS = 15_000;

/**
 * The deadline a caller gives pdf-service's RenderPlan: the HTML renderer's
 * whole timeout, one call's worth for storing the file, and the mail's send
 * timeout. Callers further up add their own steps.
 */
export function renderPlanDeadlineMs(settings: { pdfHtmlRendererTimeoutMs: number; grpcDeadlineMs: number }): number {
  return settings.pdfHtmlRendererTimeoutMs + settings.grpcDeadlineMs + MAIL_SEND_TIMEOUT_MS;
}
