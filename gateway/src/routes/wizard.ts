import type { types } from '@evalplan/protos';
import type { Context } from 'koa';
import Router from '@koa/router';
import { type AuthGuard, userOf } from '../auth/guard';
import type { ServiceClients } from '../clients';
import { bodyJson, param, projectRef, sessionRef } from './request-parts';

/** Wizard status with the steps object the service keeps as JSON text. */
function wizardStatusJson(status: types.WizardStatus__Output | null): Record<string, unknown> {
  return {
    currentStep: status?.currentStep ?? 1,
    isComplete: status?.isComplete ?? false,
    steps: status?.stepsJson ? (JSON.parse(status.stepsJson) as unknown) : {},
  };
}

export function sessionJson(session: types.Session__Output): Record<string, unknown> {
  return {
    sessionId: session.sessionId,
    wizardStatus: wizardStatusJson(session.wizardStatus),
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    pdfUrl: session.pdfUrl || null,
  };
}

export function projectJson(project: types.Project__Output): Record<string, unknown> {
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

/** A query value as one string; repeated parameters stay visible (and invalid). */
function queryValue(ctx: Context, name: string): string {
  const value = ctx.query[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** How long the gateway reuses the catalog before asking wizard-service again. */
const CATALOG_TTL_MS = 60_000;

/** Sessions, projects, their wizards, and the catalog. */
export function wizardRoutes(clients: ServiceClients, guard: AuthGuard): Router {
  const router = new Router({ prefix: '/api/v1' });
  const { wizard } = clients;

  router.post('/sessions/create', async (ctx) => {
    ctx.status = 201;
    ctx.body = sessionJson(await wizard.unary('CreateSession', {}));
  });
  router.get('/sessions/:sessionId', async (ctx) => {
    ctx.body = sessionJson(await wizard.unary('GetSession', { sessionId: param(ctx, 'sessionId') }));
  });
  router.put('/sessions/:sessionId/wizard/step/:stepNumber', async (ctx) => {
    const saved = await wizard.unary('SaveStep', {
      wizard: sessionRef(ctx),
      stepNumber: param(ctx, 'stepNumber'),
      stepDataJson: bodyJson(ctx),
    });
    const session = saved.session!;
    ctx.body = {
      sessionId: session.sessionId,
      stepNumber: saved.stepNumber,
      stepData: JSON.parse(saved.stepDataJson) as unknown,
      wizardStatus: wizardStatusJson(saved.wizardStatus),
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
    };
  });
  router.post('/sessions/:sessionId/wizard/recommendations', async (ctx) => {
    const result = await wizard.unary('GetRecommendations', { wizard: sessionRef(ctx), bodyJson: bodyJson(ctx) });
    ctx.body = { forStep: result.forStep, recommendations: JSON.parse(result.recommendationsJson) as unknown };
  });
  router.post('/sessions/:sessionId/convert', guard.required, async (ctx) => {
    const project = await wizard.unary('ConvertSession', {
      sessionId: param(ctx, 'sessionId'),
      userId: userOf(ctx).id,
      bodyJson: bodyJson(ctx),
    });
    ctx.status = 201;
    ctx.body = projectJson(project);
  });

  router.post('/projects', guard.required, async (ctx) => {
    ctx.status = 201;
    ctx.body = projectJson(await wizard.unary('CreateProject', { userId: userOf(ctx).id, bodyJson: bodyJson(ctx) }));
  });
  router.get('/projects', guard.required, async (ctx) => {
    const page = await wizard.unary('ListProjects', {
      userId: userOf(ctx).id,
      limit: queryValue(ctx, 'limit'),
      offset: queryValue(ctx, 'offset'),
    });
    ctx.body = {
      projects: page.projects.map(projectJson),
      total: page.total,
      limit: page.limit,
      offset: page.offset,
      hasMore: page.hasMore,
    };
  });
  router.get('/projects/:projectId', guard.required, async (ctx) => {
    ctx.body = projectJson(await wizard.unary('GetProject', projectRef(ctx)));
  });
  router.patch('/projects/:projectId', guard.required, async (ctx) => {
    ctx.body = projectJson(await wizard.unary('UpdateProject', { ...projectRef(ctx), bodyJson: bodyJson(ctx) }));
  });
  router.delete('/projects/:projectId', guard.required, async (ctx) => {
    await wizard.unary('DeleteProject', projectRef(ctx));
    ctx.status = 204;
  });
  router.put('/projects/:projectId/wizard/step/:stepNumber', guard.required, async (ctx) => {
    const saved = await wizard.unary('SaveStep', {
      wizard: projectRef(ctx),
      stepNumber: param(ctx, 'stepNumber'),
      stepDataJson: bodyJson(ctx),
    });
    const project = saved.project!;
    ctx.body = {
      projectId: project.projectId,
      stepNumber: saved.stepNumber,
      stepData: JSON.parse(saved.stepDataJson) as unknown,
      updatedAt: project.updatedAt,
      wizardStatus: wizardStatusJson(saved.wizardStatus),
    };
  });
  router.post('/projects/:projectId/wizard/recommendations', guard.required, async (ctx) => {
    const result = await wizard.unary('GetRecommendations', { wizard: projectRef(ctx), bodyJson: bodyJson(ctx) });
    ctx.body = { forStep: result.forStep, recommendations: JSON.parse(result.recommendationsJson) as unknown };
  });

  let catalog: { json: string; fetchedAt: number } | undefined;
  router.get('/catalog', async (ctx) => {
    if (!catalog || Date.now() - catalog.fetchedAt > CATALOG_TTL_MS) {
      catalog = { json: (await wizard.unary('GetCatalog', {})).catalogJson, fetchedAt: Date.now() };
    }
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json';
    ctx.body = catalog.json;
  });

  return router;
}
