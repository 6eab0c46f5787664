import { type ConfigOf, defineSettings } from './settings';

/**
 * How long the HTML renderer may take: pdf-service's timeout for it, and part
 * of the deadline its callers give a PDF generation.
 */
export const pdfRendererTimeoutSettings = defineSettings((read) => ({
  pdfHtmlRendererTimeoutMs: read.duration('PDF_HTML_RENDERER_TIMEOUT', '30s'),
}));
export type PdfRendererTimeoutSettings = ConfigOf<typeof pdfRendererTimeoutSettings>;
