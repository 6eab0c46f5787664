import { isPlainObject, toStruct } from '@evalplan/common/typed-json';
import { stepDataJson, stepDataMessage, stepsJson, type types } from '@evalplan/protos';
import type { Context } from 'koa';
import Router from '@koa/router';
import { markActivity } from '../activity/activity-observer';
import { type AuthGuard, userOf } from '../auth/guard';
import type { ServiceClients } from '../clients';
import type { ClientLimits } from '../limits/client-limits';
import { bodyMessage, bodyObject, param, projectRef, sessionRef, stepNumberOf, wholeNumberOrInvalid } from './request-parts';
import { forRequest } from '../middleware/request-id';
import { MATCH_KINDS, oneOfOrThrow, PRIORITIES } from '../contracts/answer-values';
import type { Answer } from '../contracts/responses';
import { catalogJson } from './catalog-json';
import { respondWithSteps } from './steps-text';

// HTTP JSON and the wizard messages meet here, once per route: requests are
// mapped to typed messages, answers from them.

function wizardStatusJson(status: types.WizardStatus__Output | null): Answer<'WizardStatus'> {
  return {
    currentStep: status?.currentStep ?? 1,
    isComplete: status?.isComplete ?? false,
    steps: stepsJson(status?.steps),
  };
}

function sessionJson(session: types.Session__Output): Answer<'Session'> {
  return {
    sessionId: session.sessionId,
    wizardStatus: wizardStatusJson(session.wizardStatus),
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    pdfUrl: session.pdfUrl || null,
  };
}

function projectJson(project: types.Project__Output): Answer<'Project'> {
  return {
    projectId: project.projectId,
    name: project.name,
    description: project.description,
    wizardStatus: wizardStatusJson(project.wizardStatus),
    pdfUrl: project.pdfUrl || null,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}

function recommendationJson(item: types.Recommendation__Output): Answer<'Recommendation'> {
  const { id, name, description, rationale, tags, icon } = item;
  return {
    id,
    name,
    description,
    priority: oneOfOrThrow(PRIORITIES, item.priority, 'priority'),
    rationale,
    tags,
    icon,
    matchedOn: item.matchedOn.map(({ kind, value }) => ({ kind: oneOfOrThrow(MATCH_KINDS, kind, 'matchedOn kind'), value })),
  };
}

/** A step save's body ({stepData, ...}) as SaveStepRequest's parts: stepData in its step's member when it is an object, the rest in extra. */
function stepSave(
  ctx: Context,
  stepNumber: number,
): Pick<types.SaveStepRequest, 'extra' | 'goalsAndContext' | 'methods' | 'instruments' | 'nextSteps'> {
  const { stepData, ...rest } = bodyObject(ctx);
  const typed = isPlainObject(stepData) ? stepDataMessage(stepNumber, stepData) : {};
  // No member for the data (not an object, or no such step): it stays in extra, for the service to name.
  if (Object.keys(typed).length === 0 && stepData !== undefined) rest.stepData = stepData;
  return { ...typed, ...(Object.keys(rest).length > 0 ? { extra: toStruct(rest) } : {}) };
}

/** A repeated or empty query value is none; one that is no whole number travels as -1, which the service refuses naming it. */
function pageQuery(ctx: Context, name: 'limit' | 'offset'): Partial<Record<typeof name, number>> {
  const value = ctx.query[name];
  if (value === undefined || value === '') return {};
  return { [name]: Array.isArray(value) ? -1 : wholeNumberOrInvalid(value) };
}

/** How long the gateway reuses the catalog before asking wizard-service again. */
const CATALOG_TTL_MS = 60_000;

/** Sessions, projects, their wizards, and the catalog. */
export function wizardRoutes(clients: ServiceClients, guard: AuthGuard, limits: ClientLimits): Router {
  const router = new Router({ prefix: '/api/v1' });
  const { wizard } = clients;
  // Sessions and projects share the wizard calls. The route is the one place that decides which: it sends
  // the typed reference, and picks from a step save's answer (fields every wizard has) those it shows.
  const saveStep = async (ctx: Context, target: types.WizardRef) => {
    const stepNumber = stepNumberOf(param(ctx, 'stepNumber'));
    const saved = await wizard.unary('SaveStep', { wizard: target, stepNumber, ...stepSave(ctx, stepNumber) }, forRequest(ctx));
    markActivity(ctx, 'wizard_step_saved');
    return saved;
  };
  const recommend = async (ctx: Context, target: types.WizardRef): Promise<void> => {
    const result = await wizard.unary(
      'GetRecommendations',
      { wizard: target, query: bodyMessage(ctx, 'RecommendationQuery') },
      forRequest(ctx),
    );
    markActivity(ctx, 'recommendation_requested');
    ctx.body = {
      forStep: result.forStep,
      recommendations: result.recommendations.map(recommendationJson),
    } satisfies Answer<'Recommendations'>;
  };

  router.post('/sessions/create', limits.sessionCreation, async (ctx) => {
    const session = await wizard.unary('CreateSession', {}, forRequest(ctx));
    markActivity(ctx, 'session_created', { sessionId: session.sessionId });
    ctx.status = 201;
    respondWithSteps(ctx, sessionJson(session));
  });
  router.get('/sessions/:sessionId', async (ctx) => {
    const session = await wizard.unary('GetSession', { sessionId: param(ctx, 'sessionId') }, forRequest(ctx));
    respondWithSteps(ctx, sessionJson(session));
  });
  router.put('/sessions/:sessionId/wizard/step/:stepNumber', async (ctx) => {
    const saved = await saveStep(ctx, sessionRef(ctx));
    respondWithSteps(ctx, {
      sessionId: saved.id,
      stepNumber: saved.stepNumber,
      stepData: stepDataJson(saved) ?? {},
      wizardStatus: wizardStatusJson(saved.wizardStatus),
      createdAt: saved.createdAt,
      expiresAt: saved.expiresAt,
    } satisfies Answer<'SessionStepResult'>);
  });
  router.post('/sessions/:sessionId/wizard/recommendations', (ctx) => recommend(ctx, sessionRef(ctx)));
  router.post('/sessions/:sessionId/convert', guard.required, async (ctx) => {
    const project = await wizard.unary(
      'ConvertSession',
      {
        sessionId: param(ctx, 'sessionId'),
        userId: userOf(ctx).id,
        fields: bodyMessage(ctx, 'ProjectFields'),
      },
      forRequest(ctx),
    );
    markActivity(ctx, 'session_converted', { projectId: project.projectId });
    ctx.status = 201;
    respondWithSteps(ctx, projectJson(project));
  });

  router.post('/projects', guard.required, async (ctx) => {
    const project = await wizard.unary(
      'CreateProject',
      { userId: userOf(ctx).id, fields: bodyMessage(ctx, 'ProjectFields') },
      forRequest(ctx),
    );
    markActivity(ctx, 'project_created', { projectId: project.projectId });
    ctx.status = 201;
    respondWithSteps(ctx, projectJson(project));
  });
  router.get('/projects', guard.required, async (ctx) => {
    const page = await wizard.unary(
      'ListProjects',
      {
        userId: userOf(ctx).id,
        ...pageQuery(ctx, 'limit'),
        ...pageQuery(ctx, 'offset'),
      },
      forRequest(ctx),
    );
    respondWithSteps(ctx, {
      projects: page.projects.map(projectJson),
      total: page.total,
      limit: page.limit,
      offset: page.offset,
      hasMore: page.hasMore,
    } satisfies Answer<'ProjectList'>);
  });
  router.get('/projects/:projectId', guard.required, async (ctx) => {
    const project = await wizard.unary('GetProject', projectRef(ctx), forRequest(ctx));
    respondWithSteps(ctx, projectJson(project));
  });
  // Plan history (beyond the contract): the files pdf-service keeps of the project and its origin session.
  router.get('/projects/:projectId/pdfs', guard.required, async (ctx) => {
    const history = await wizard.unary('ListProjectPdfs', projectRef(ctx), forRequest(ctx));
    ctx.body = { pdfs: history.pdfs.map(({ pdfUrl, createdAt, size }) => ({ pdfUrl, createdAt, size })) } satisfies Answer<'PdfHistory'>;
  });
  router.patch('/projects/:projectId', guard.required, async (ctx) => {
    const project = await wizard.unary('UpdateProject', { ...projectRef(ctx), fields: bodyMessage(ctx, 'ProjectFields') }, forRequest(ctx));
    markActivity(ctx, 'project_updated');
    respondWithSteps(ctx, projectJson(project));
  });
  router.delete('/projects/:projectId', guard.required, async (ctx) => {
    // wizard-service checks ownership and deletes the files (through pdf-service), then the project.
    await wizard.unary('DeleteProject', projectRef(ctx), forRequest(ctx));
    markActivity(ctx, 'project_deleted');
    ctx.status = 204;
  });
  router.put('/projects/:projectId/wizard/step/:stepNumber', guard.required, async (ctx) => {
    const saved = await saveStep(ctx, projectRef(ctx));
    respondWithSteps(ctx, {
      projectId: saved.id,
      stepNumber: saved.stepNumber,
      stepData: stepDataJson(saved) ?? {},
      updatedAt: saved.updatedAt,
      wizardStatus: wizardStatusJson(saved.wizardStatus),
    } satisfies Answer<'ProjectStepResult'>);
  });
  router.post('/projects/:projectId/wizard/recommendations', guard.required, (ctx) => recommend(ctx, projectRef(ctx)));

  let catalog: { json: string; fetchedAt: number } | undefined;
  router.get('/catalog', async (ctx) => {
    if (!catalog || Date.now() - catalog.fetchedAt > CATALOG_TTL_MS) {
      catalog = { json: JSON.stringify(catalogJson(await wizard.unary('GetCatalog', {}, forRequest(ctx)))), fetchedAt: Date.now() };
    }
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json';
    ctx.body = catalog.json;
  });

  return router;
}
