import path from 'node:path';
import { bindService, createClientPool, type GrpcClientPool } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { type PeriodicTask, ServiceHost, type SharedResources } from '@evalplan/common/runtime';
import { renderPlanDeadlineMs } from '@evalplan/pdf-service/contracts';
import { loadProtos, type types } from '@evalplan/protos';
import { loadCatalog } from './catalog/catalog';
import type { WizardConfig } from './config';
import { PlanDocumentBuilder } from './domain/plan-document';
import { RecommendationEngine } from './domain/recommendations';
import { wizardHandlers } from './handlers';
import { pdfOrphanSweepTask, sessionPurgeTask } from './use-cases/housekeeping';
import { pdfServiceFiles, pdfServiceRenderer } from './clients/pdf-service-calls';
import { SqlOwnerProjectStore } from './repositories/owner-projects';
import { SqlPdfOwnerRows } from './repositories/pdf-owners';
import { sqlWizardStorage } from './repositories/sql-wizard-storage';
import { SqlTaskLeases } from './repositories/task-leases';
import { OwnerData } from './use-cases/owner-data';
import { PdfGeneration } from './use-cases/pdf-generation';
import { PdfOrphanSweep } from './use-cases/pdf-orphan-sweep';
import { ProjectUseCases } from './use-cases/projects';
import { SessionUseCases } from './use-cases/sessions';
import { WizardUseCases } from './use-cases/wizard';

export const WIZARD_SERVICE = 'evalplan.v2.WizardService';

/** wizard-service: sessions, projects, steps, recommendations, conversion, and PDF generation (through pdf-service). */
export function createWizardService(config: WizardConfig, logger: Logger, shared?: SharedResources): ServiceHost {
  const protos = loadProtos();
  const { WizardService } = protos.wizard;
  // Read and checked before anything listens: a broken rules file stops the start with its reason.
  const { catalog, rules } = loadCatalog();
  const engine = new RecommendationEngine(catalog, rules);
  const documents = new PlanDocumentBuilder(catalog, engine);
  let tasks: PeriodicTask[] = [];
  let pdf: GrpcClientPool<types.PdfServiceClient> | undefined;
  return new ServiceHost(
    {
      service: 'wizard',
      database: config,
      migrationsDir: path.resolve(__dirname, '..', 'migrations'),
      bindings: ({ db, bind }) => {
        const storage = sqlWizardStorage(db.pool);
        // Deleting a project or a session deletes its files, and generating a PDF has pdf-service render it:
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
        const pdfFiles = pdfServiceFiles(pdfClient);
        const sessions = new SessionUseCases(storage, config.sessionTtlMs, pdfFiles, logger);
        const orphanSweep = new PdfOrphanSweep(new SqlPdfOwnerRows(db.pool), new SqlTaskLeases(db.pool), pdfFiles, {
          graceMs: config.pdfOrphanGraceMs,
          leaseMs: config.pdfOrphanSweepIntervalMs,
        });
        tasks = [sessionPurgeTask(sessions, config, logger), pdfOrphanSweepTask(orphanSweep, config, logger)];
        for (const task of tasks) task.start();
        const wizard = new WizardUseCases(storage, engine, documents);
        const handlers = wizardHandlers({
          sessions,
          projects: new ProjectUseCases(storage, pdfFiles, logger),
          wizard,
          pdfs: new PdfGeneration(wizard, pdfServiceRenderer(pdfClient, renderPlanDeadlineMs(config)), logger),
          ownerData: new OwnerData(new SqlOwnerProjectStore(db.pool), pdfFiles, logger),
          catalog,
        });
        return [
          {
            name: WIZARD_SERVICE,
            definition: WizardService,
            implementation: bindService<types.WizardServiceHandlers>('WizardService', WizardService, handlers, bind),
          },
        ];
      },
      onStop: async () => {
        await Promise.all(tasks.map((task) => task.stop()));
        pdf?.close();
      },
    },
    config,
    logger,
    shared,
  );
}
