import path from 'node:path';
import {
  bindService,
  type Config,
  createClientPool,
  type GrpcClientPool,
  type Logger,
  PeriodicTask,
  ServiceHost,
  type SharedResources,
} from '@evalplan/common';
import { loadProtos, type types } from '@evalplan/protos';
import { loadCatalog } from './catalog';
import { PlanDocumentBuilder } from './domain/plan-document';
import { RecommendationEngine } from './domain/recommendations';
import { wizardHandlers } from './handlers';
import { type PdfFiles, ProjectUseCases } from './use-cases/projects';
import { SessionUseCases } from './use-cases/sessions';
import { WizardUseCases } from './use-cases/wizard';

export const WIZARD_SERVICE = 'evalplan.v1.WizardService';

const PURGE_BATCH = 500;

/** wizard-service: sessions, projects, steps, recommendations, conversion. */
export function createWizardService(config: Config, logger: Logger, shared?: SharedResources): ServiceHost {
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
      name: 'wizard-service',
      migrationPrefix: 'wizard',
      listenAddress: config.services.wizard.listen,
      needsDatabase: true,
      needsCache: false,
      migrationsDir: path.resolve(__dirname, '..', 'migrations'),
      bindings: ({ db, bind }) => {
        const sessions = new SessionUseCases(db!.pool, config.sessionTtlMs);
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
        // Deleting a project deletes its files: pdf-service owns them and how their URLs map to them.
        const pdfClient = createClientPool<types.PdfServiceClient>(
          protos.pdf.PdfService,
          'pdf-service',
          config.services.pdf.target,
          config,
          logger,
          shared?.local,
        );
        pdf = pdfClient;
        const pdfFiles: PdfFiles = {
          deleteProjectFiles: async (projectId, pdfUrl, context) => {
            await pdfClient.unary('DeletePdfs', { owner: 'projects', id: projectId, pdfUrl }, { context });
          },
        };
        const handlers = wizardHandlers({
          sessions,
          projects: new ProjectUseCases(db!.pool, pdfFiles),
          wizard: new WizardUseCases(db!.pool, engine, documents),
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
