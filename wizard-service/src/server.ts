import path from 'node:path';
import { bindService, createClientPool, type GrpcClientPool } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { PeriodicTask, ServiceHost, type SharedResources } from '@evalplan/common/runtime';
import { renderPlanDeadlineMs } from '@evalplan/pdf-service/contracts';
import { loadProtos, type types } from '@evalplan/protos';
import { loadCatalog } from './catalog';
import type { WizardConfig } from './config';
import { PlanDocumentBuilder } from './domain/plan-document';
import { RecommendationEngine } from './domain/recommendations';
import { wizardHandlers } from './handlers';
import { SqlOwnerProjectStore } from './repositories/owner-projects';
import { sqlWizardStorage } from './repositories/stores';
import { OwnerData, type PdfListing } from './use-cases/owner-data';
import { PdfGeneration, type PdfRenderer } from './use-cases/pdf-generation';
import { type PdfFiles, ProjectUseCases } from './use-cases/projects';
import { SessionUseCases } from './use-cases/sessions';
import { WizardUseCases } from './use-cases/wizard';

export const WIZARD_SERVICE = 'evalplan.v1.WizardService';

const PURGE_BATCH = 500;

/** wizard-service: sessions, projects, steps, recommendations, conversion, and PDF generation (through pdf-service). */
export function createWizardService(config: WizardConfig, logger: Logger, shared?: SharedResources): ServiceHost {
  const protos = loadProtos();
  const { WizardService } = protos.wizard;
  // Read and checked before anything listens: a broken rules file stops the start with its reason.
  const { catalog, rules } = loadCatalog();
  const engine = new RecommendationEngine(catalog, rules);
  const documents = new PlanDocumentBuilder(catalog, engine);
  const catalogJson = JSON.stringify(catalog);
  let purge: PeriodicTask | undefined;
  let pdf: GrpcClientPool<types.PdfServiceClient> | undefined;
  return new ServiceHost(
    {
      service: 'wizard',
      database: config,
      migrationsDir: path.resolve(__dirname, '..', 'migrations'),
      bindings: ({ db, bind }) => {
        const storage = sqlWizardStorage(db.pool);
        const sessions = new SessionUseCases(storage, config.sessionTtlMs);
        purge = new PeriodicTask({
          name: 'purge-expired-sessions',
          intervalMs: config.sessionPurgeIntervalMs,
          logger,
          run: async () => {
            const deleted = await sessions.purgeExpired(PURGE_BATCH);
            if (deleted > 0) logger.info({ deleted }, 'purged expired sessions');
          },
        });
        purge.start();
        // Deleting a project deletes its files, and generating a PDF has pdf-service render it:
        // pdf-service owns the files and how their URLs map to them.
        const pdfClient = createClientPool<types.PdfServiceClient>(
          protos.pdf.PdfService,
          'pdf-service',
          config.services.pdf.target,
          config,
          logger,
          shared?.local,
        );
        pdf = pdfClient;
        const pdfFiles: PdfFiles & PdfListing = {
          deleteProjectFiles: async (projectId, pdfUrl, context) => {
            await pdfClient.unary('DeletePdfs', { owner: 'projects', id: projectId, pdfUrl }, { context });
          },
          listProjectFiles: async (projectId, pdfUrl, context) =>
            (await pdfClient.unary('ListPdfs', { owner: 'projects', id: projectId, pdfUrl }, { context })).pdfs,
        };
        // Rendering, storing and mailing a plan is pdf-service's; its whole budget, cut to what the caller has left.
        const renderDeadlineMs = renderPlanDeadlineMs(config);
        const pdfRenderer: PdfRenderer = {
          render: (request, context) => pdfClient.unary('RenderPlan', request, { context, deadlineMs: renderDeadlineMs }),
          check: async (bodyJson, context) => {
            await pdfClient.unary('CheckRender', { bodyJson }, { context });
          },
          discard: async (pdfUrl, context) => {
            await pdfClient.unary('DeletePdf', { pdfUrl }, { context });
          },
        };
        const wizard = new WizardUseCases(storage, engine, documents);
        const handlers = wizardHandlers({
          sessions,
          projects: new ProjectUseCases(storage, pdfFiles),
          wizard,
          pdfs: new PdfGeneration(wizard, pdfRenderer, logger),
          ownerData: new OwnerData(new SqlOwnerProjectStore(db.pool), pdfFiles, logger),
          catalogJson,
        });
        return [
          {
            name: WIZARD_SERVICE,
            definition: WizardService.service,
            implementation: bindService<types.WizardServiceHandlers>('WizardService', WizardService.service, handlers, bind),
          },
        ];
      },
      onStop: async () => {
        await purge?.stop();
        pdf?.close();
      },
    },
    config,
    logger,
    shared,
  );
}
