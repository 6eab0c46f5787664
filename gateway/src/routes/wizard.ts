import type { types } from '@evalplan/protos';
import type { Context } from 'koa';
import Router from '@koa/router';
import { markActivity } from '../activity/activity-observer';
import { type AuthGuard, userOf } from '../auth/guard';
import type { ServiceClients } from '../clients';
import type { ClientLimits } from '../limits/client-limits';
import { RawJson } from './raw-json';
import { bodyJson, param, projectRef, sessionRef } from './request-parts';
import { forRequest } from '../middleware/request-id';

/** Wizard status with the steps object, whose JSON text is embedded as the service sent it. */
function wizardStatusJson(status: types.WizardStatus__Output | null, json: RawJson): Record<string, unknown> {
  return {
    currentStep: status?.currentStep ?? 1,
    isComplete: status?.isComplete ?? false,
    steps: json.raw(status?.stepsJson || '{}'),
  };
}

function sessionJson(session: types.Session__Output, json: RawJson): Record<string, unknown> {
  return {
    sessionId: session.sessionId,
    wizardStatus: wizardStatusJson(session.wizardStatus, json),
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    pdfUrl: session.pdfUrl || null,
  };
}

function projectJson(project: types.Project__Output, json: RawJson): Record<string, unknown> {
  return {
    projectId: project.projectId,
    name: project.name,
    description: project.description,
    wizardStatus: wizardStatusJson(project.wizardStatus, json),
    pdfUrl: project.pdfUrl || null,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}

/** Answers with a body built by `build`, whose embedded JSON texts go out unparsed. */
function respond(ctx: Context, status: number, build: (json: RawJson) => unknown): void {
  const json = new RawJson();
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = json.stringify(build(json));
}

/** A query value as one string; repeated parameters stay visible (and invalid). */
function queryValue(ctx: Context, name: string): string {
  const value = ctx.query[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
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
    const saved = await wizard.unary(
      'SaveStep',
      { wizard: target, stepNumber: param(ctx, 'stepNumber'), stepDataJson: bodyJson(ctx) },
      forRequest(ctx),
    );
    markActivity(ctx, 'wizard_step_saved');
    return saved;
  };
  const recommend = async (ctx: Context, target: types.WizardRef): Promise<void> => {
    const result = await wizard.unary('GetRecommendations', { wizard: target, bodyJson: bodyJson(ctx) }, forRequest(ctx));
    markActivity(ctx, 'recommendation_requested');
    respond(ctx, 200, (json) => ({ forStep: result.forStep, recommendations: json.raw(result.recommendationsJson) }));
  };

  router.post('/sessions/create', limits.sessionCreation, async (ctx) => {
    const session = await wizard.unary('CreateSession', {}, forRequest(ctx));
    markActivity(ctx, 'session_created', { sessionId: session.sessionId });
    respond(ctx, 201, (json) => sessionJson(session, json));
  });
  router.get('/sessions/:sessionId', async (ctx) => {
    const session = await wizard.unary('GetSession', { sessionId: param(ctx, 'sessionId') }, forRequest(ctx));
    respond(ctx, 200, (json) => sessionJson(session, json));
  });
  router.put('/sessions/:sessionId/wizard/step/:stepNumber', async (ctx) => {
    const saved = await saveStep(ctx, sessionRef(ctx));
    respond(ctx, 200, (json) => ({
      sessionId: saved.id,
      stepNumber: saved.stepNumber,
      stepData: json.raw(saved.stepDataJson),
      wizardStatus: wizardStatusJson(saved.wizardStatus, json),
      createdAt: saved.createdAt,
      expiresAt: saved.expiresAt,
    }));
  });
  router.post('/sessions/:sessionId/wizard/recommendations', (ctx) => recommend(ctx, sessionRef(ctx)));
  router.post('/sessions/:sessionId/convert', guard.required, async (ctx) => {
    const project = await wizard.unary(
      'ConvertSession',
      {
        sessionId: param(ctx, 'sessionId'),
        userId: userOf(ctx).id,
        bodyJson: bodyJson(ctx),
      },
      forRequest(ctx),
    );
    markActivity(ctx, 'session_converted', { projectId: project.projectId });
    respond(ctx, 201, (json) => projectJson(project, json));
  });

  router.post('/projects', guard.required, async (ctx) => {
    const project = await wizard.unary('CreateProject', { userId: userOf(ctx).id, bodyJson: bodyJson(ctx) }, forRequest(ctx));
    markActivity(ctx, 'project_created', { projectId: project.projectId });
    respond(ctx, 201, (json) => projectJson(project, json));
  });
  router.get('/projects', guard.required, async (ctx) => {
    const page = await wizard.unary(
      'ListProjects',
      {
        userId: userOf(ctx).id,
        limit: queryValue(ctx, 'limit'),
        offset: queryValue(ctx, 'offset'),
      },
      forRequest(ctx),
    );
    respond(ctx, 200, (json) => ({
      projects: page.projects.map((project) => projectJson(project, json)),
      total: page.total,
      limit: page.limit,
      offset: page.offset,
      hasMore: page.hasMore,
    }));
  });
  router.get('/projects/:projectId', guard.required, async (ctx) => {
    const project = await wizard.unary('GetProject', projectRef(ctx), forRequest(ctx));
    respond(ctx, 200, (json) => projectJson(project, json));
  });
  // Plan history (beyond the contract): the files pdf-service keeps of the project and its origin session.
  router.get('/projects/:projectId/pdfs', guard.required, async (ctx) => {
    const history = await wizard.unary('ListProjectPdfs', projectRef(ctx), forRequest(ctx));
    ctx.body = { pdfs: history.pdfs.map(({ pdfUrl, createdAt, size }) => ({ pdfUrl, createdAt, size })) };
  });
  router.patch('/projects/:projectId', guard.required, async (ctx) => {
    const project = await wizard.unary('UpdateProject', { ...projectRef(ctx), bodyJson: bodyJson(ctx) }, forRequest(ctx));
    markActivity(ctx, 'project_updated');
    respond(ctx, 200, (json) => projectJson(project, json));
  });
  router.delete('/projects/:projectId', guard.required, async (ctx) => {
    // wizard-service checks ownership and deletes the files (through pdf-service), then the project.
    await wizard.unary('DeleteProject', projectRef(ctx), forRequest(ctx));
    markActivity(ctx, 'project_deleted');
    ctx.status = 204;
  });
  router.put('/projects/:projectId/wizard/step/:stepNumber', guard.required, async (ctx) => {
    const saved = await saveStep(ctx, projectRef(ctx));
    respond(ctx, 200, (json) => ({
      projectId: saved.id,
      stepNumber: saved.stepNumber,
      stepData: json.raw(saved.stepDataJson),
      updatedAt: saved.updatedAt,
      wizardStatus: wizardStatusJson(saved.wizardStatus, json),
    }));
  });
  router.post('/projects/:projectId/wizard/recommendations', guard.required, (ctx) => recommend(ctx, projectRef(ctx)));

  let catalog: { json: string; fetchedAt: number } | undefined;
  router.get('/catalog', async (ctx) => {
    if (!catalog || Date.now() - catalog.fetchedAt > CATALOG_TTL_MS) {
      catalog = { json: (await wizard.unary('GetCatalog', {}, forRequest(ctx))).catalogJson, fetchedAt: Date.now() };
    }
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json';
    ctx.body = catalog.json;
  });

  return router;
}
