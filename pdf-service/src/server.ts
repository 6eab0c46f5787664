import { bindService } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { ServiceHost, type SharedResources } from '@evalplan/common/runtime';
import { loadProtos, type types } from '@evalplan/protos';
import type { PdfConfig } from './config';
import { renderPlanDeadlineMs } from './contracts';
import { pdfHandlers } from './handlers';
import { createMailer } from './mail/mailer';
import { HtmlRenderer } from './render/html-renderer';
import { PdfRenderPool } from './render/render-pool';
import { createPdfStore } from './storage/create-store';
import { TemplateWorkers } from './templates/template-workers';
import { PdfDelivery } from './use-cases/pdf-delivery';
import { PlanExport } from './use-cases/plan-export';
import { PlanRendering } from './use-cases/plan-rendering';

export const PDF_SERVICE = 'evalplan.v2.PdfService';

/**
 * pdf-service: the built-in layout on a worker pool, custom templates through
 * the HTML renderer, object storage and e-mail. It calls no other component:
 * wizard-service hands it the plans to render.
 */
export function createPdfService(config: PdfConfig, logger: Logger, shared?: SharedResources): ServiceHost {
  const protos = loadProtos();
  let close: (() => Promise<void>) | undefined;
  return new ServiceHost(
    {
      service: 'pdf',
      bindings: ({ bind }) => {
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
        const templates = new TemplateWorkers({ timeLimitMs: config.pdfTemplateTimeLimitMs, logger });
        const store = createPdfStore(config, logger);
        logger.info(
          {
            store: store.kind,
            mail: mailer.provider,
            html_renderer: htmlRenderer !== undefined,
            render_threads: pool.threads,
            template_time_limit_ms: config.pdfTemplateTimeLimitMs,
            keep_versions: config.pdfKeepVersions,
          },
          'pdf-service ready',
        );
        close = async () => {
          await Promise.all([pool.close(), templates.close()]);
          mailer.close();
        };
        const rendering = new PlanRendering({
          store,
          pool,
          htmlRenderer,
          mailer,
          templates,
          publicBaseUrl: config.publicBaseUrl,
          keepVersions: config.pdfKeepVersions,
          recordingWindowMs: renderPlanDeadlineMs(config),
          logger,
        });
        const handlers = pdfHandlers(
          rendering,
          new PdfDelivery(store, config.publicBaseUrl, logger),
          new PlanExport(pool, config.grpcMaxMessageBytes),
        );
        return [
          {
            name: PDF_SERVICE,
            definition: protos.pdf.PdfService,
            implementation: bindService<types.PdfServiceHandlers>('PdfService', protos.pdf.PdfService, handlers, bind),
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
