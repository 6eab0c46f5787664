import { AppError } from '@evalplan/common/errors';
import type { types } from '@evalplan/protos';
import type { Context } from 'koa';
import Router from '@koa/router';
import type { AuthGuard } from '../auth/guard';
import type { ServiceClients } from '../clients';
import type { Answer } from '../contracts/responses';
import { forRequest } from '../middleware/request-id';
import { asciiFallback, downloadName } from './pdf';
import { projectRef, sessionRef } from './request-parts';

export const JSON_TYPE = 'application/json';
export const MARKDOWN_TYPE = 'text/markdown';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The plan changes whenever a step is saved: a browser may keep it, but asks again each time. */
const PLAN_CACHE = 'private, no-cache';

/** The editable files pdf-service writes, by the media type a client asks for. */
const EXPORTS: Record<string, { format: 'markdown' | 'docx'; extension: string }> = {
  [MARKDOWN_TYPE]: { format: 'markdown', extension: 'md' },
  [DOCX_TYPE]: { format: 'docx', extension: 'docx' },
};

type MinutesJson = Answer<'PlanItem'>['minutes'];
type PlanJson = Answer<'PlanDocument'>;

const minutesJson = (minutes: types.MinutesRange__Output | null): MinutesJson =>
  minutes && { low: minutes.low, high: minutes.high, estimate: minutes.estimate, note: minutes.note };

function itemJson(item: types.PlanItem__Output): Answer<'PlanItem'> {
  return {
    id: item.id,
    name: item.name,
    kind: item.kind,
    description: item.description,
    priority: item.priority,
    priorityLabel: item.priorityLabel,
    rationale: item.rationale,
    goals: item.goals,
    items: item.items.map(({ version, count, detail }) => ({ version, count, detail })),
    responseFormat: item.responseFormat,
    minutes: minutesJson(item.minutes),
    constructs: item.constructs,
    licence: item.licence,
    participantGuidance: item.participantGuidance,
    cites: item.cites,
  };
}

function coverageJson(coverage: types.Coverage__Output | null): PlanJson['coverage'] {
  if (!coverage) return { columns: [], rows: [], uncoveredGoals: [] };
  return {
    columns: coverage.columns.map(({ kind, id, name }) => ({ kind, id, name })),
    rows: coverage.rows.map(({ goal, measuredBy, covered, suggestions }) => ({ goal, measuredBy, covered, suggestions })),
    uncoveredGoals: coverage.uncoveredGoals,
  };
}

/** A budget the message left out reads as proto3 reads it: every figure 0, nothing listed. */
function timeBudgetJson(budget: types.TimeBudget__Output | null): PlanJson['timeBudget'] {
  return {
    lines: (budget?.lines ?? []).map((line) => ({
      name: line.name,
      kind: line.kind,
      participantMinutes: minutesJson(line.participantMinutes),
      researcherHoursLow: line.researcherHoursLow,
      researcherHoursHigh: line.researcherHoursHigh,
      basis: line.basis,
    })),
    minutesPerParticipant: minutesJson(budget?.minutesPerParticipant ?? null),
    participantsLow: budget?.participantsLow ?? 0,
    participantsHigh: budget?.participantsHigh ?? 0,
    participantHoursLow: budget?.participantHoursLow ?? 0,
    participantHoursHigh: budget?.participantHoursHigh ?? 0,
    researcherHoursLow: budget?.researcherHoursLow ?? 0,
    researcherHoursHigh: budget?.researcherHoursHigh ?? 0,
    availableHours: budget?.availableHours ?? 0,
    fits: budget?.fits ?? true,
    warnings: budget?.warnings ?? [],
    assumptions: budget?.assumptions ?? [],
  };
}

/** The plan document as the API's JSON: every field of the message, in camelCase. */
export function planJson(document: types.PlanDocument__Output): PlanJson {
  const { checklist } = document;
  return {
    title: document.title,
    description: document.description,
    evaluationGoals: document.evaluationGoals,
    goalsByCategory: document.goalsByCategory.map(({ category, goals }) => ({ category, goals })),
    projectType: document.projectType,
    participants: document.participants,
    developmentStage: document.developmentStage,
    accessibility: document.accessibility,
    timeConstraint: document.timeConstraint,
    extraConstraints: document.extraConstraints,
    researchEnabled: document.researchEnabled,
    researchObjective: document.researchObjective,
    researchQuestions: document.researchQuestions,
    hypotheses: document.hypotheses,
    selectedMethods: document.selectedMethods.map(itemJson),
    selectedInstruments: document.selectedInstruments.map(itemJson),
    customConstructs: document.customConstructs.map(({ name, description, goals }) => ({ name, description, goals })),
    coverage: coverageJson(document.coverage),
    timeBudget: timeBudgetJson(document.timeBudget),
    checklist: checklist && {
      reasons: checklist.reasons,
      items: checklist.items.map(({ topic, question }) => ({ topic, question })),
      disclaimer: checklist.disclaimer,
    },
    references: document.references.map((reference) => ({
      key: reference.key,
      citation: reference.citation,
      text: reference.text,
      runs: reference.runs.map(({ text, italic }) => ({ text, italic })),
      doiUrl: reference.doiUrl,
    })),
    priorityLegend: document.priorityLegend,
    nextSteps: document.nextSteps,
    notes: document.notes,
  };
}

/** The time zone of the export's date (?timeZone=Europe/Berlin); '' for UTC. pdf-service checks it. */
function timeZoneOf(ctx: Context): string {
  const value = ctx.query.timeZone;
  if (Array.isArray(value)) throw new AppError('INVALID_INPUT', 'Give the time zone once.', { field: 'timeZone' });
  return value ?? '';
}

/**
 * GET .../plan: the plan of a complete wizard, as JSON (the default), as
 * Markdown or as a Word document, whichever the Accept header prefers.
 * Nothing is stored. The wizard is checked as for the PDF downloads
 * (exists, the caller's, all four steps saved).
 */
async function exportPlan(ctx: Context, clients: ServiceClients, wizard: types.WizardRef): Promise<void> {
  ctx.vary('Accept');
  // What the client accepts is settled first: a format nobody can send costs no call.
  const type = ctx.accepts(JSON_TYPE, MARKDOWN_TYPE, DOCX_TYPE);
  if (type === false) {
    throw new AppError('NOT_ACCEPTABLE', `The plan is available as ${JSON_TYPE}, ${MARKDOWN_TYPE} or ${DOCX_TYPE}.`, {
      available: [JSON_TYPE, MARKDOWN_TYPE, DOCX_TYPE],
    });
  }
  const file = EXPORTS[type];
  const timeZone = file ? timeZoneOf(ctx) : '';
  const plan = await clients.wizard.unary('GetPlan', { wizard }, forRequest(ctx));
  if (!plan.wizardStatus?.isComplete || !plan.document) {
    throw new AppError('WIZARD_INCOMPLETE', 'Please complete all four steps before exporting the plan.');
  }
  const { document } = plan;
  if (!file) {
    ctx.set('Cache-Control', PLAN_CACHE);
    ctx.body = { plan: planJson(document) } satisfies Answer<'PlanResult'>;
    return;
  }
  const exported = await clients.pdf.unary('ExportPlan', { document, format: file.format, timeZone }, forRequest(ctx));
  const fileName = downloadName(document.title, file.extension);
  ctx.set('Cache-Control', PLAN_CACHE);
  ctx.attachment(fileName, { fallback: asciiFallback(fileName, file.extension) });
  ctx.type = exported.mediaType;
  ctx.body = exported.data;
}

/** The plan of a session (anyone with its id) or a project (its owner), in the format the client asks for. */
export function planExportRoutes(clients: ServiceClients, guard: AuthGuard): Router {
  const router = new Router({ prefix: '/api/v1' });
  router.get('/sessions/:sessionId/plan', (ctx) => exportPlan(ctx, clients, sessionRef(ctx)));
  router.get('/projects/:projectId/plan', guard.required, (ctx) => exportPlan(ctx, clients, projectRef(ctx)));
  return router;
}
