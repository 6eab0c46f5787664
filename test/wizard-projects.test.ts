import { randomUUID } from 'node:crypto';
import { bearer, JSON_HEADERS, postJson, signUp, type SignedUp } from './helpers/auth';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { CONTRACT_STEPS, WEB_CLIENT_STEPS } from './fixtures/step-data';

let stack: TestStack;
let api: string;
let owner: SignedUp;
let stranger: SignedUp;

beforeAll(async () => {
  stack = await startTestStack();
  api = `${stack.url}/api/v1`;
  [owner, stranger] = await Promise.all([signUp(stack.url), signUp(stack.url)]);
});
afterAll(async () => {
  await stack?.stop();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const as = (who: SignedUp) => ({ ...JSON_HEADERS, ...bearer(who.accessToken) });

async function createProject(
  who: SignedUp,
  body: unknown = { name: 'Quest log study', description: 'Spring round' },
): Promise<JsonResponse> {
  return postJson(`${api}/projects`, body, bearer(who.accessToken));
}

function saveStep(who: SignedUp, projectId: string, step: number | string, stepData: unknown): Promise<JsonResponse> {
  return call(`${api}/projects/${projectId}/wizard/step/${step}`, { method: 'PUT', headers: as(who), body: JSON.stringify({ stepData }) });
}

describe('POST /projects', () => {
  it('creates a project with a fresh wizard: 201, name trimmed, pdfUrl null', async () => {
    const res = await createProject(owner, { name: '  Quest log study  ', description: 'Spring round' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      projectId: expect.stringMatching(UUID),
      name: 'Quest log study',
      description: 'Spring round',
      wizardStatus: { currentStep: 1, isComplete: false, steps: {} },
      pdfUrl: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.json.createdAt).toBe(res.json.updatedAt);
  });

  it('accepts a missing description as empty, and names in any script up to 200 characters', async () => {
    expect((await createProject(owner, { name: 'Только имя' })).json.description).toBe('');
    expect((await createProject(owner, { name: '🎮'.repeat(100) })).status).toBe(201);
    expect((await createProject(owner, { name: 'n'.repeat(200) })).status).toBe(201);
  });

  it.each([
    ['an empty name', { name: '' }, 'INVALID_PROJECT_NAME', 'name'],
    ['a blank name', { name: ' \t ' }, 'INVALID_PROJECT_NAME', 'name'],
    ['a 201-character name', { name: 'n'.repeat(201) }, 'INVALID_PROJECT_NAME', 'name'],
    ['a name with a NUL character', { name: 'a\u0000b' }, 'INVALID_INPUT', 'name'],
    ['no name', { description: 'd' }, 'INVALID_INPUT', 'name'],
    ['a numeric name', { name: 42 }, 'INVALID_INPUT', 'name'],
    ['a 2001-character description', { name: 'ok', description: 'd'.repeat(2001) }, 'INVALID_INPUT', 'description'],
    ['a description object', { name: 'ok', description: { a: 1 } }, 'INVALID_INPUT', 'description'],
    ['an unknown field', { name: 'ok', ownerId: randomUUID() }, 'INVALID_INPUT', 'ownerId'],
    ['a list as body', [{ name: 'ok' }], 'INVALID_INPUT', 'body'],
    ['an unknown key that is half a surrogate pair', { name: 'ok', '\ud800': 1 }, 'INVALID_INPUT', '\ud800'],
  ])('refuses %s', async (_name, body, code, field) => {
    expect(expectEnvelope(await createProject(owner, body), 400, code).details).toEqual({ field });
  });

  it('needs a bearer token', async () => {
    expectEnvelope(await postJson(`${api}/projects`, { name: 'x' }), 401, 'UNAUTHORIZED');
  });
});

describe('GET /projects', () => {
  let lister: SignedUp;
  const names = ['p0', 'p1', 'p2', 'p3', 'p4'];

  beforeAll(async () => {
    lister = await signUp(stack.url);
    for (const name of names) await createProject(lister, { name });
  });

  const list = (query = '') => call(`${api}/projects${query}`, { headers: bearer(lister.accessToken) });

  it('lists only the caller’s projects, newest first, with total, limit, offset and hasMore', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 5, limit: 50, offset: 0, hasMore: false });
    expect(res.json.projects.map((p: { name: string }) => p.name)).toEqual([...names].reverse());
  });

  it('pages without overlap or gaps, even for projects created in the same instant', async () => {
    // Same created_at for all: the id decides the order, the same way on every page.
    await stack.db.pool.query('UPDATE projects SET created_at = $2 WHERE owner_id = $1', [lister.userId, new Date('2026-01-01T00:00:00Z')]);
    const pages = [await list('?limit=2&offset=0'), await list('?limit=2&offset=2'), await list('?limit=2&offset=4')];
    expect(pages.map((p) => [p.json.projects.length, p.json.hasMore, p.json.total])).toEqual([
      [2, true, 5],
      [2, true, 5],
      [1, false, 5],
    ]);
    const ids = pages.flatMap((p) => p.json.projects.map((x: { projectId: string }) => x.projectId));
    expect(new Set(ids).size).toBe(5);
    expect((await list('?limit=5')).json.projects.map((x: { projectId: string }) => x.projectId)).toEqual(ids);
  });

  it('clamps a limit above 100 to 100, and answers an offset past the end with an empty page', async () => {
    expect((await list('?limit=1000')).json.limit).toBe(100);
    const past = await list('?offset=50');
    expect(past.json).toMatchObject({ projects: [], total: 5, offset: 50, hasMore: false });
    expect((await list('?limit=0')).json).toMatchObject({ projects: [], total: 5, limit: 0, hasMore: true });
  });

  it.each(['?limit=-1', '?offset=-5', '?limit=abc', '?limit=1.5', '?offset=1e3', '?limit=2&limit=3', '?offset=99999999999'])(
    'refuses %s: 400 INVALID_PAGINATION',
    async (query) => {
      expectEnvelope(await list(query), 400, 'INVALID_PAGINATION');
    },
  );

  it('shows a new user an empty list', async () => {
    const fresh = await signUp(stack.url);
    const res = await call(`${api}/projects`, { headers: bearer(fresh.accessToken) });
    expect(res.json).toEqual({ projects: [], total: 0, limit: 50, offset: 0, hasMore: false });
  });
});

describe('one project: GET, PATCH, DELETE', () => {
  it('GET answers the project to its owner', async () => {
    const created = (await createProject(owner)).json;
    const res = await call(`${api}/projects/${created.projectId}`, { headers: bearer(owner.accessToken) });
    expect([res.status, res.json]).toEqual([200, created]);
  });

  it('PATCH changes only name and description, moves updatedAt, and leaves the wizard alone', async () => {
    const { projectId } = (await createProject(owner)).json;
    await saveStep(owner, projectId, 1, CONTRACT_STEPS['1']);
    const before = (await call(`${api}/projects/${projectId}`, { headers: bearer(owner.accessToken) })).json;
    const renamed = await call(`${api}/projects/${projectId}`, {
      method: 'PATCH',
      headers: as(owner),
      body: JSON.stringify({ name: ' Renamed ' }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ ...before, name: 'Renamed', updatedAt: expect.any(String) });
    expect(Date.parse(renamed.json.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const described = await call(`${api}/projects/${projectId}`, {
      method: 'PATCH',
      headers: as(owner),
      body: JSON.stringify({ description: '' }),
    });
    expect(described.json).toMatchObject({ name: 'Renamed', description: '', wizardStatus: before.wizardStatus });
  });

  it.each([
    ['an empty body', {}, 'INVALID_INPUT'],
    ['a blank name', { name: '  ' }, 'INVALID_PROJECT_NAME'],
    ['a 201-character name', { name: 'x'.repeat(201) }, 'INVALID_PROJECT_NAME'],
    ['a wizard status', { name: 'ok', wizardStatus: { currentStep: 4 } }, 'INVALID_INPUT'],
    ['a pdfUrl', { pdfUrl: 'http://evil.example/x.pdf' }, 'INVALID_INPUT'],
    ['a null name', { name: null }, 'INVALID_INPUT'],
  ])('PATCH refuses %s', async (_name, body, code) => {
    const { projectId } = (await createProject(owner)).json;
    expectEnvelope(
      await call(`${api}/projects/${projectId}`, { method: 'PATCH', headers: as(owner), body: JSON.stringify(body) }),
      400,
      code,
    );
  });

  it('DELETE answers 204 with no body and the project is gone', async () => {
    const { projectId } = (await createProject(owner)).json;
    const res = await call(`${api}/projects/${projectId}`, { method: 'DELETE', headers: as(owner) });
    expect([res.status, res.text]).toEqual([204, '']);
    expectEnvelope(await call(`${api}/projects/${projectId}`, { headers: bearer(owner.accessToken) }), 404, 'PROJECT_NOT_FOUND');
    expectEnvelope(await call(`${api}/projects/${projectId}`, { method: 'DELETE', headers: as(owner) }), 404, 'PROJECT_NOT_FOUND');
  });
});

describe('ownership and ids on every project route', () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = (await createProject(owner)).json.projectId;
  });

  const routes = (id: string): Array<[string, string, unknown]> => [
    ['GET', `/projects/${id}`, undefined],
    ['PATCH', `/projects/${id}`, { name: 'Taken over' }],
    ['DELETE', `/projects/${id}`, undefined],
    ['PUT', `/projects/${id}/wizard/step/1`, { stepData: CONTRACT_STEPS['1'] }],
    ['POST', `/projects/${id}/wizard/recommendations`, { forStep: 2 }],
  ];
  const send = (who: SignedUp | undefined, [method, path, body]: [string, string, unknown]) =>
    call(`${api}${path}`, {
      method,
      headers: who ? as(who) : JSON_HEADERS,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('another user’s project: 403 FORBIDDEN everywhere, and nothing changes', async () => {
    for (const route of routes(projectId))
      expect([route[0], route[1], (await send(stranger, route)).json.error.code]).toEqual([route[0], route[1], 'FORBIDDEN']);
    const still = await call(`${api}/projects/${projectId}`, { headers: bearer(owner.accessToken) });
    expect(still.json).toMatchObject({ name: 'Quest log study', wizardStatus: { steps: {} } });
  });

  it('an unknown project: 404 PROJECT_NOT_FOUND everywhere', async () => {
    for (const route of routes(randomUUID())) expectEnvelope(await send(owner, route), 404, 'PROJECT_NOT_FOUND');
  });

  it('a malformed id: 400 INVALID_PROJECT_ID everywhere', async () => {
    for (const route of routes('not-a-uuid')) expectEnvelope(await send(owner, route), 400, 'INVALID_PROJECT_ID');
  });

  it('no token: 401 UNAUTHORIZED everywhere', async () => {
    for (const route of routes(projectId)) expectEnvelope(await send(undefined, route), 401, 'UNAUTHORIZED');
  });

  it('a project never shows up in another user’s list', async () => {
    const list = await call(`${api}/projects?limit=100`, { headers: bearer(stranger.accessToken) });
    expect(list.json.projects.map((p: { projectId: string }) => p.projectId)).not.toContain(projectId);
  });
});

describe('the project wizard', () => {
  it('saves steps like a session and answers { projectId, stepNumber, stepData, updatedAt, wizardStatus }', async () => {
    const { projectId, updatedAt } = (await createProject(owner)).json;
    const res = await saveStep(owner, projectId, 1, WEB_CLIENT_STEPS['1']);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      projectId,
      stepNumber: 1,
      stepData: WEB_CLIENT_STEPS['1'],
      updatedAt: expect.any(String),
      wizardStatus: { currentStep: 2, isComplete: false, steps: { '1': WEB_CLIENT_STEPS['1'] } },
    });
    expect(Date.parse(res.json.updatedAt)).toBeGreaterThan(Date.parse(updatedAt));
    for (const step of ['2', '3', '4'] as const) await saveStep(owner, projectId, step, WEB_CLIENT_STEPS[step]);
    const project = await call(`${api}/projects/${projectId}`, { headers: bearer(owner.accessToken) });
    expect(project.json.wizardStatus).toEqual({ currentStep: 4, isComplete: true, steps: WEB_CLIENT_STEPS });
  });

  it('enforces order and validates the data', async () => {
    const { projectId } = (await createProject(owner)).json;
    expectEnvelope(await saveStep(owner, projectId, 2, CONTRACT_STEPS['2']), 400, 'STEP_PREREQUISITE_NOT_MET');
    expectEnvelope(await saveStep(owner, projectId, 9, CONTRACT_STEPS['1']), 400, 'INVALID_STEP_NUMBER');
    expect(expectEnvelope(await saveStep(owner, projectId, 1, { participants: 'x' }), 400, 'INVALID_STEP_DATA').details.field).toBe(
      'evaluationGoals',
    );
  });

  it('a step save clears the PDF reference', async () => {
    const { projectId } = (await createProject(owner)).json;
    await saveStep(owner, projectId, 1, CONTRACT_STEPS['1']);
    await stack.db.pool.query('UPDATE projects SET pdf_url = $2 WHERE id = $1', [
      projectId,
      'http://localhost:8080/files/pdfs/projects/x/1.pdf',
    ]);
    expect((await call(`${api}/projects/${projectId}`, { headers: bearer(owner.accessToken) })).json.pdfUrl).not.toBeNull();
    await saveStep(owner, projectId, 1, CONTRACT_STEPS['1']);
    expect((await call(`${api}/projects/${projectId}`, { headers: bearer(owner.accessToken) })).json.pdfUrl).toBeNull();
  });

  it('recommends for steps 2, 3 and 4 on projects too', async () => {
    const { projectId } = (await createProject(owner)).json;
    for (const step of ['1', '2', '3'] as const) await saveStep(owner, projectId, step, WEB_CLIENT_STEPS[step]);
    for (const forStep of [2, 3, 4]) {
      const res = await postJson(`${api}/projects/${projectId}/wizard/recommendations`, { forStep }, bearer(owner.accessToken));
      expect([forStep, res.status, res.json.recommendations.length > 0]).toEqual([forStep, 200, true]);
    }
    const step3 = await postJson(`${api}/projects/${projectId}/wizard/recommendations`, { forStep: 3 }, bearer(owner.accessToken));
    // High-fidelity prototype + think-aloud.
    expect(step3.json.recommendations.map((r: { id: string }) => r.id)).toContain('task-based-protocol');
    expectEnvelope(
      await postJson(`${api}/projects/${projectId}/wizard/recommendations`, { forStep: 1 }, bearer(owner.accessToken)),
      400,
      'INVALID_RECOMMENDATION_STEP',
    );
  });
});

describe('GET /api/v1/catalog', () => {
  it('lists goals by category, the options of step 1, and the methods and instruments with descriptions', async () => {
    const res = await call(`${api}/catalog`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const catalog = res.json;
    expect(catalog.goalCategories.map((c: { name: string }) => c.name)).toEqual([
      'Pragmatic UX',
      'Hedonic UX',
      'Emotional Experience',
      'Psychological Needs',
      'Motivational Dynamics',
      'Cognitive Engagement',
      'Eudaimonic Experience',
    ]);
    expect(catalog.participants.map((p: { value: string }) => p.value)).toEqual(['< 10', '10-30', '30-100', '100+']);
    expect(catalog.developmentStages.map((p: { value: string }) => p.value)).toEqual([
      'Concept / idea',
      'Low-fidelity prototype',
      'High-fidelity prototype',
      'Deployed system',
    ]);
    expect(catalog.accessibility.map((p: { value: string }) => p.value)).toEqual(['Easy', 'Moderate', 'Difficult']);
    expect(catalog.time.map((p: { value: string }) => p.value)).toEqual(['1 week', '1-2 weeks', '1 month', '3+ months']);
    expect(catalog.extraConstraints.map((p: { value: string }) => p.value)).toEqual(['Technical limitation', 'Sensitive population']);
    expect(catalog.methods).toHaveLength(9);
    expect(catalog.instruments).toHaveLength(21);
    expect(catalog.methods[0]).toMatchObject({ id: 'think-aloud', name: 'Think-aloud testing', description: expect.any(String) });
    expect(catalog.instruments.find((i: { id: string }) => i.id === 'sus')).toMatchObject({
      name: 'SUS (System Usability Scale)',
      methods: ['surveys'],
    });
  });
});
