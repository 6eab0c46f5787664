import { bindService, type Config, type Logger, ServiceHost, type SharedResources } from '@evalplan/common';
import { loadProtos, type types } from '@evalplan/protos';

export const PDF_SERVICE = 'evalplan.v1.PdfService';

/** pdf-service: wiring of its handlers into the common service host. */
export function createPdfService(config: Config, logger: Logger, shared?: SharedResources): ServiceHost {
  const { PdfService } = loadProtos().pdf;
  return new ServiceHost(
    {
      name: 'pdf-service',
      migrationPrefix: 'pdf',
      listenAddress: config.services.pdf.listen,
      needsDatabase: false,
      needsCache: false,
      // Handlers arrive with their feature issues; until then every method answers UNIMPLEMENTED.
      bindings: () => [
        {
          name: PDF_SERVICE,
          definition: PdfService.service,
          implementation: bindService<types.PdfServiceHandlers>('PdfService', PdfService.service, {}, logger),
        },
      ],
    },
    config,
    logger,
    shared,
  );
}
