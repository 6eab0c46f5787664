import { AppError } from '@evalplan/common/errors';
import { type ServiceImplementation, writeMessage } from '@evalplan/common/grpc';
import { fromStruct } from '@evalplan/common/typed-json';
import { jsonOf, stepDataJson, stepDataMessage, stepsMessageOfText, type types } from '@evalplan/protos';
import type { PlanDocument } from './domain/plan-document';
import type { Project, Session, WizardFields } from './domain/wizard-records';
import type { OwnerData } from './use-cases/owner-data';
import type { PdfGeneration } from './use-cases/pdf-generation';
import type { ProjectUseCases } from './use-cases/projects';
import type { SessionUseCases } from './use-cases/sessions';
import { projectTarget, sessionTarget, type TargetRow, type WizardTarget } from './use-cases/targets';
import type { WizardUseCases } from './use-cases/wizard';

export interface WizardServiceParts {
  sessions: SessionUseCases;
  projects: ProjectUseCases;
  wizard: WizardUseCases;
  pdfs: PdfGeneration;
  ownerData: OwnerData;
  catalog: types.Catalog;
}

function statusMessage(row: WizardFields): types.WizardStatus {
  return {
    currentStep: row.currentStep,
    isComplete: row.isComplete,
    steps: stepsMessageOfText(row.stepsJson),
  };
}

/** A step save's body as the HTTP API has it: {stepData, ...}, stepData from the oneof member that is set. */
function saveBodyOf(request: types.SaveStepRequest__Output): Record<string, unknown> {
  const body = fromStruct(request.extra);
  const stepData = stepDataJson(request);
  if (stepData) body.stepData = stepData;
  return body;
}

function sessionMessage(row: Session): types.Session {
  return {
    sessionId: row.id,
    wizardStatus: statusMessage(row),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    pdfUrl: row.pdfUrl ?? '',
  };
}

function projectMessage(row: Project): types.Project {
  return {
    projectId: row.id,
    name: row.name,
    description: row.description,
    wizardStatus: statusMessage(row),
    pdfUrl: row.pdfUrl ?? '',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ownerId: row.ownerId,
  };
}

/** The one place a request's "session or project?" is answered: the target carries the answer on. */
function targetOf(ref: types.WizardRef__Output | null): WizardTarget {
  if (ref?.target === 'sessionId') return sessionTarget(ref.sessionId ?? '');
  if (ref?.target === 'project') return projectTarget(ref.project?.projectId ?? '', ref.project?.userId ?? '');
  throw new AppError('INVALID_INPUT', 'The request names no session or project.');
}

function planMessage({ kind, row, about }: TargetRow, title: string, document?: PlanDocument): types.Plan {
  return {
    ...(document ? { document } : {}),
    title,
    kind,
    id: row.id,
    name: about?.name ?? '',
    description: about?.description ?? '',
    wizardStatus: statusMessage(row),
    pdfUrl: row.pdfUrl ?? '',
  };
}

/** gRPC mapping only: every rule lives in the use-cases and the domain. */
export function wizardHandlers(parts: WizardServiceParts): ServiceImplementation<types.WizardServiceHandlers> {
  const { sessions, projects, wizard } = parts;
  return {
    CreateSession: async () => sessionMessage(await sessions.create()),
    GetSession: async (request) => sessionMessage(await sessions.get(request.sessionId)),
    ConvertSession: async (request) =>
      projectMessage(await sessions.convert(request.sessionId, request.userId, jsonOf('ProjectFields', request.fields))),

    CreateProject: async (request) => projectMessage(await projects.create(request.userId, jsonOf('ProjectFields', request.fields))),
    ListProjects: async (request) => {
      const page = await projects.list(request.userId, request.limit ?? undefined, request.offset ?? undefined);
      return {
        projects: page.projects.map(projectMessage),
        total: page.total,
        limit: page.limit,
        offset: page.offset,
        hasMore: page.hasMore,
      };
    },
    GetProject: async (request) => projectMessage(await projects.get(request.project?.projectId ?? '', request.project?.userId ?? '')),
    UpdateProject: async (request) =>
      projectMessage(
        await projects.update(request.project?.projectId ?? '', request.project?.userId ?? '', jsonOf('ProjectFields', request.fields)),
      ),
    ListProjectPdfs: async (request, context) => ({
      pdfs: await projects.pdfHistory(request.project?.projectId ?? '', request.project?.userId ?? '', context),
    }),
    DeleteProject: async (request, context) => {
      await projects.delete(request.project?.projectId ?? '', request.project?.userId ?? '', context);
      return {};
    },

    SaveStep: async (request) => {
      const { stepNumber, stepData, saved } = await wizard.saveStep(targetOf(request.wizard), request.stepNumber, saveBodyOf(request));
      // Fields every wizard has: the gateway's route picks those its answer shows.
      return {
        stepNumber,
        ...stepDataMessage(stepNumber, stepData),
        wizardStatus: statusMessage(saved),
        id: saved.id,
        createdAt: saved.createdAt,
        updatedAt: saved.updatedAt,
        expiresAt: saved.expiresAt ?? '',
      };
    },
    GetRecommendations: async (request) => {
      const result = await wizard.recommend(targetOf(request.wizard), jsonOf('RecommendationQuery', request.query));
      return { forStep: result.forStep, recommendations: result.recommendations };
    },

    GetPlan: async (request) => {
      if (request.titleOnly) {
        const { target, title } = await wizard.planTitle(targetOf(request.wizard));
        return planMessage(target, title);
      }
      const { target, document } = await wizard.plan(targetOf(request.wizard));
      return planMessage(target, document.title, document);
    },
    GeneratePdf: async (request, context) => {
      const { options, withholdMail } = request;
      const { pdfUrl, email } = await parts.pdfs.generate(targetOf(request.wizard), { options: options ?? {}, withholdMail }, context);
      return { pdfUrl, ...(email ? { email } : {}) };
    },

    ExportOwnerProjects: async (request, call, context) => {
      for await (const { project, pdfs } of parts.ownerData.export(request.ownerId, context)) {
        if (!(await writeMessage(call, { project: projectMessage(project), pdfs }))) return;
      }
    },
    DeleteOwnerData: async (request, context) => ({ deletedProjects: await parts.ownerData.delete(request.ownerId, context) }),

    GetCatalog: async () => parts.catalog,
  };
}
