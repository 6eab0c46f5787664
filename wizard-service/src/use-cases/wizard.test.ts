import { randomUUID } from 'node:crypto';
import { CONTRACT_STEPS } from '../../../test/fixtures/step-data';
import { loadCatalog } from '../catalog/catalog';
import { PlanDocumentBuilder } from '../domain/plan-document';
import { RecommendationEngine } from '../domain/recommendations';
import { projectTarget, sessionTarget } from './targets';
import { MemoryStorage } from './testing/memory-stores';
import { WizardUseCases } from './wizard';

const { catalog, rules } = loadCatalog();
const engine = new RecommendationEngine(catalog, rules);
const documents = new PlanDocumentBuilder(catalog, engine);
const TTL_MS = 60_000;
const OWNER = randomUUID();

function setup() {
  const storage = new MemoryStorage();
  return { storage, wizard: new WizardUseCases(storage, engine, documents) };
}

const step = (n: 1 | 2 | 3 | 4) => ({ stepData: CONTRACT_STEPS[n] });

async function newProject(storage: MemoryStorage, ownerId = OWNER) {
  return storage.projects.insert({ id: randomUUID(), ownerId, name: 'Study', description: 'About it' });
}

describe('WizardUseCases.saveStep', () => {
  it('saves step 1 of a session and answers the fields every wizard has', async () => {
    const { storage, wizard } = setup();
    const session = await storage.sessions.create(randomUUID(), TTL_MS);
    const result = await wizard.saveStep(sessionTarget(session.id), 1, step(1));
    expect(result.stepNumber).toBe(1);
    expect(result.stepData).toEqual(CONTRACT_STEPS[1]);
    expect(result.saved).toMatchObject({
      id: session.id,
      currentStep: 2,
      isComplete: false,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      pdfUrl: null,
    });
    expect(JSON.parse(result.saved.stepsJson)).toEqual({ '1': CONTRACT_STEPS[1] });
  });

  it('answers a project save with its new updatedAt and no expiry', async () => {
    const { storage, wizard } = setup();
    const project = await newProject(storage);
    const { saved } = await wizard.saveStep(projectTarget(project.id, OWNER), 1, step(1));
    expect(saved).toMatchObject({ id: project.id, createdAt: project.createdAt, expiresAt: null });
    expect(saved.updatedAt > project.updatedAt).toBe(true);
  });

  it('refuses a later step before the earlier ones, naming the missing ones', async () => {
    const { storage, wizard } = setup();
    const session = await storage.sessions.create(randomUUID(), TTL_MS);
    await expect(wizard.saveStep(sessionTarget(session.id), 3, step(3))).rejects.toMatchObject({
      code: 'STEP_PREREQUISITE_NOT_MET',
      details: { field: 'stepNumber', missingSteps: [1, 2] },
    });
    expect((await storage.sessions.find(session.id))?.stepsJson).toBe('{}');
  });

  it('keeps the later steps when an earlier one is saved again, and completes with all four', async () => {
    const { storage, wizard } = setup();
    const target = sessionTarget((await storage.sessions.create(randomUUID(), TTL_MS)).id);
    for (const n of [1, 2, 3, 4] as const) await wizard.saveStep(target, n, step(n));
    const { saved } = await wizard.saveStep(target, 1, step(1));
    expect(saved).toMatchObject({ currentStep: 4, isComplete: true });
    expect(Object.keys(JSON.parse(saved.stepsJson))).toEqual(['1', '2', '3', '4']);
  });

  it('clears the PDF reference', async () => {
    const { storage, wizard } = setup();
    const project = await newProject(storage);
    const target = projectTarget(project.id, OWNER);
    await wizard.saveStep(target, 1, step(1));
    const steps = (await storage.projects.find(project.id))?.stepsJson ?? '';
    expect(await wizard.setPdfUrl(target, '/files/plan.pdf', steps)).toBe(true);
    const { saved } = await wizard.saveStep(target, 2, step(2));
    expect(saved.pdfUrl).toBeNull();
  });

  it('checks, in order: the id, the step number, the data, then the wizard', async () => {
    const { storage, wizard } = setup();
    await expect(wizard.saveStep(sessionTarget('nope'), -1, {})).rejects.toMatchObject({ code: 'INVALID_SESSION_ID' });
    await expect(wizard.saveStep(projectTarget(randomUUID(), ''), 1, step(1))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const missing = sessionTarget(randomUUID());
    await expect(wizard.saveStep(missing, 5, step(1))).rejects.toMatchObject({ code: 'INVALID_STEP_NUMBER' });
    await expect(wizard.saveStep(missing, 1, { stepData: {} })).rejects.toMatchObject({ code: 'INVALID_STEP_DATA' });
    await expect(wizard.saveStep(missing, 1, step(1))).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    const project = await newProject(storage);
    await expect(wizard.saveStep(projectTarget(project.id, randomUUID()), 1, step(1))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(wizard.saveStep(projectTarget(randomUUID(), OWNER), 1, step(1))).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it('treats an expired session as gone', async () => {
    const { storage, wizard } = setup();
    const session = await storage.sessions.create(randomUUID(), TTL_MS);
    storage.clock.tick(TTL_MS);
    await expect(wizard.saveStep(sessionTarget(session.id), 1, step(1))).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  it('queues two saves on one wizard: neither loses the other', async () => {
    const { storage, wizard } = setup();
    const target = sessionTarget((await storage.sessions.create(randomUUID(), TTL_MS)).id);
    await wizard.saveStep(target, 1, step(1));
    await Promise.all([wizard.saveStep(target, 2, step(2)), wizard.saveStep(target, 3, step(3))]);
    expect(Object.keys(JSON.parse((await storage.sessions.find(target.id))?.stepsJson ?? '{}'))).toEqual(['1', '2', '3']);
  });
});

describe('WizardUseCases.recommend', () => {
  it('recommends from the saved steps, after checking the id and the body', async () => {
    const { storage, wizard } = setup();
    const target = sessionTarget((await storage.sessions.create(randomUUID(), TTL_MS)).id);
    const usability = { evaluationGoals: ['Usability & Efficiency'], participants: '< 10', developmentStage: 'Concept / idea' };
    await wizard.saveStep(target, 1, { stepData: usability });
    const result = await wizard.recommend(target, { forStep: 2 });
    expect(result.forStep).toBe(2);
    expect(result.recommendations.length).toBeGreaterThan(0);
    await expect(wizard.recommend(sessionTarget('x'), {})).rejects.toMatchObject({ code: 'INVALID_SESSION_ID' });
    await expect(wizard.recommend(sessionTarget(randomUUID()), { forStep: 2 })).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
  });

  it("refuses someone else's project", async () => {
    const { storage, wizard } = setup();
    const project = await newProject(storage);
    await expect(wizard.recommend(projectTarget(project.id, randomUUID()), { forStep: 2 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('WizardUseCases.plan and setPdfUrl', () => {
  it('plans a project under its name, a session without one', async () => {
    const { storage, wizard } = setup();
    const project = await newProject(storage);
    const planned = await wizard.plan(projectTarget(project.id, OWNER.toUpperCase()));
    expect(planned.target).toMatchObject({ kind: 'project', row: { id: project.id }, about: { name: 'Study', description: 'About it' } });
    expect(planned.document).toEqual(documents.build({}, { name: 'Study', description: 'About it' }));
    const session = await storage.sessions.create(randomUUID(), TTL_MS);
    expect((await wizard.plan(sessionTarget(session.id))).target).toMatchObject({ kind: 'session', about: undefined });
  });

  it('stores the URL only while the wizard holds the rendered steps (as JSON, not as text)', async () => {
    const { storage, wizard } = setup();
    const target = sessionTarget((await storage.sessions.create(randomUUID(), TTL_MS)).id);
    await wizard.saveStep(target, 1, step(1));
    expect(await wizard.setPdfUrl(target, '/a.pdf', '{}')).toBe(false);
    expect(await wizard.setPdfUrl(target, '/a.pdf', JSON.stringify({ '1': CONTRACT_STEPS[1] }, null, 2))).toBe(true);
    expect((await storage.sessions.find(target.id))?.pdfUrl).toBe('/a.pdf');
    await expect(wizard.setPdfUrl(sessionTarget(randomUUID()), '/b.pdf', '{}')).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  it('answers not found, not "a step was saved", when the wizard is deleted between its read and the write', async () => {
    const { storage, wizard } = setup();
    const project = await newProject(storage);
    const record = storage.projects.setPdfUrl.bind(storage.projects);
    storage.projects.setPdfUrl = async (id, pdfUrl, steps) => {
      await storage.projects.delete(id);
      return record(id, pdfUrl, steps);
    };
    await expect(wizard.setPdfUrl(projectTarget(project.id, OWNER), '/c.pdf', '{}')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });
});
