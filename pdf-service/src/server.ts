import { bindService, type Config, createClientPool, type Logger, ServiceHost, type SharedResources } from '@evalplan/common';
import { loadProtos, type types } from '@evalplan/protos';
import { pdfHandlers } from './handlers';
import { createMailer } from './mail/mailer';
import { HtmlRenderer } from './render/html-renderer';
import { PdfRenderPool } from './render/render-pool';
import { createPdfStore } from './storage/create-store';
import { PdfDelivery } from './use-cases/pdf-delivery';

export const PDF_SERVICE = 'evalplan.v1.PdfService';

/**
 * pdf-service: the built-in layout on a worker pool, custom templates through
 * the HTML renderer, object storage and e-mail. It reads plans from
 * wizard-service, so config.services.wizard.target must be reachable.
 */
export function createPdfService(config: Config, logger: Logger, shared?: SharedResources): ServiceHost {
  const protos = loadProtos();
  let close: (() => Promise<void>) | undefined;
  return new ServiceHost(
    {
      name: 'pdf-service',
      migrationPrefix: 'pdf',
      listenAddress: config.services.pdf.listen,
      needsDatabase: false,
      needsCache: false,
      bindings: ({ bind }) => {
        const wizard = createClientPool<types.WizardServiceClient>(
          protos.wizard.WizardService,
          'wizard-service',
          config.services.wizard.target,
          config,
          logger,
          shared?.local,
        );
        const pool = new PdfRenderPool(config.pdfRenderThreads);
        const mailer = createMailer({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          logger,
          summaryIntervalMs: config.incidentSummaryIntervalMs,
        });
        const htmlRenderer = config.pdfHtmlRendererUrl
          ? new HtmlRenderer(config.pdfHtmlRendererUrl, config.pdfHtmlRendererTimeoutMs, logger, config.incidentSummaryIntervalMs)
          : undefined;
        const store = createPdfStore(config, logger);
        logger.info(
          { store: store.kind, mail: mailer.provider, html_renderer: htmlRenderer !== undefined, render_threads: pool.threads },
          'pdf-service ready',
        );
        close = async () => {
          await pool.close();
          mailer.close();
          wizard.close();
        };
        const delivery = new PdfDelivery({ wizard, store, pool, htmlRenderer, mailer, publicBaseUrl: config.publicBaseUrl, logger });
        return [
          {
            name: PDF_SERVICE,
            definition: protos.pdf.PdfService.service,
            implementation: bindService<types.PdfServiceHandlers>('PdfService', protos.pdf.PdfService.service, pdfHandlers(delivery), bind),
          },
        ];
      },
      onStop: async () => {
        await close?.();
      },
    },
    config,
    logger,
    shared,
  );
}
