import { randomUUID } from 'node:crypto';
import { bearer, JSON_HEADERS, postJson, signUp } from './helpers/auth';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { CONTRACT_STEPS, WEB_CLIENT_STEPS } from './fixtures/step-data';

let stack: TestStack;
let api: string;

beforeAll(async () => {
  stack = await startTestStack();
  api = `${stack.url}/api/v1`;
});
afterAll(async () => {
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function newSession(base = api): Promise<string> {
  const res = await call(`${base}/sessions/create`, { method: 'POST' });
  expect(res.status).toBe(201);
  return res.json.sessionId as string;
}

function saveStep(sessionId: string, step: number | string, stepData: unknown, base = api): Promise<JsonResponse> {
  return call(`${base}/sessions/${sessionId}/wizard/step/${step}`, {
    method: 'PUT',
    headers: JSON_HEADERS,
    body: JSON.stringify({ stepData }),
  });
}

async function completeSession(steps: Record<string, Record<string, unknown>> = WEB_CLIENT_STEPS, base = api): Promise<string> {
  const id = await newSession(base);
  for (const step of ['1', '2', '3', '4']) expect((await saveStep(id, step, steps[step], base)).status).toBe(200);
  return id;
}

describe('POST /sessions/create and GET /sessions/{id}', () => {
  it('creates a fresh wizard that expires after SESSION_TTL (48 h by default)', async () => {
    const res = await call(`${api}/sessions/create`, { method: 'POST', headers: JSON_HEADERS });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      sessionId: expect.stringMatching(UUID),
      wizardStatus: { currentStep: 1, isComplete: false, steps: {} },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      pdfUrl: null,
    });
    expect(Date.parse(res.json.expiresAt) - Date.parse(res.json.createdAt)).toBe(48 * 3600 * 1000);
    const read = await call(`${api}/sessions/${res.json.sessionId}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(res.json);
  });

  it('gives every session its own id', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, () => newSession()));
    expect(new Set(ids).size).toBe(10);
  });

  it.each(['abc', '123', 'not-a-uuid', "1' OR '1'='1", '%00', '0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f1g'])(
    'answers 400 INVALID_SESSION_ID for the malformed id %j on every session route',
    async (raw) => {
      const id = encodeURIComponent(raw);
      expectEnvelope(await call(`${api}/sessions/${id}`), 400, 'INVALID_SESSION_ID');
      expectEnvelope(await saveStep(id, 1, CONTRACT_STEPS['1']), 400, 'INVALID_SESSION_ID');
      expectEnvelope(await postJson(`${api}/sessions/${id}/wizard/recommendations`, { forStep: 2 }), 400, 'INVALID_SESSION_ID');
    },
  );

  it('answers 404 SESSION_NOT_FOUND for a well-formed unknown id on every session route', async () => {
    const id = randomUUID();
    expectEnvelope(await call(`${api}/sessions/${id}`), 404, 'SESSION_NOT_FOUND');
    expectEnvelope(await saveStep(id, 1, CONTRACT_STEPS['1']), 404, 'SESSION_NOT_FOUND');
    expectEnvelope(await postJson(`${api}/sessions/${id}/wizard/recommendations`, { forStep: 2 }), 404, 'SESSION_NOT_FOUND');
    const { accessToken } = await signUp(stack.url);
    expectEnvelope(await postJson(`${api}/sessions/${id}/convert`, { name: 'x' }, bearer(accessToken)), 404, 'SESSION_NOT_FOUND');
  });
});

describe('PUT /sessions/{id}/wizard/step/{n}', () => {
  it('saves step 1 and answers the contract shape, echoing the data as sent (unknown keys included)', async () => {
    const id = await newSession();
    const stepData = { ...WEB_CLIENT_STEPS['1'], clientVersion: '2.3.1', uiState: { open: [1, 2] } };
    const res = await saveStep(id, 1, stepData);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      sessionId: id,
      stepNumber: 1,
      stepData,
      wizardStatus: { currentStep: 2, isComplete: false, steps: { '1': stepData } },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect((await call(`${api}/sessions/${id}`)).json.wizardStatus.steps['1']).toEqual(stepData);
  });

  it.each([
    ['the web client', WEB_CLIENT_STEPS],
    ['the contract examples', CONTRACT_STEPS],
  ])('walks all four steps with the data of %s: currentStep 2, 3, 4, 4 and complete at the end', async (_name, steps) => {
    const id = await newSession();
    const seen = [];
    for (const step of ['1', '2', '3', '4'] as const) {
      const res = await saveStep(id, step, steps[step]);
      expect(res.status).toBe(200);
      seen.push([res.json.wizardStatus.currentStep, res.json.wizardStatus.isComplete]);
    }
    expect(seen).toEqual([
      [2, false],
      [3, false],
      [4, false],
      [4, true],
    ]);
    expect((await call(`${api}/sessions/${id}`)).json.wizardStatus).toEqual({ currentStep: 4, isComplete: true, steps });
  });

  it('refuses a step before the earlier ones: 400 STEP_PREREQUISITE_NOT_MET naming the missing steps', async () => {
    const id = await newSession();
    const res = await saveStep(id, 3, CONTRACT_STEPS['3']);
    expect(expectEnvelope(res, 400, 'STEP_PREREQUISITE_NOT_MET').details).toEqual({ field: 'stepNumber', missingSteps: [1, 2] });
    expect((await call(`${api}/sessions/${id}`)).json.wizardStatus.steps).toEqual({});
  });

  it('re-saving an earlier step keeps the later ones', async () => {
    const id = await completeSession(CONTRACT_STEPS);
    const changed = { ...CONTRACT_STEPS['1'], participants: '100+' };
    const res = await saveStep(id, 1, changed);
    expect(res.json.wizardStatus).toEqual({ currentStep: 4, isComplete: true, steps: { ...CONTRACT_STEPS, '1': changed } });
  });

  it.each(['0', '5', 'abc', '1.5', '-1', '01'])('refuses step number %j: 400 INVALID_STEP_NUMBER', async (step) => {
    expectEnvelope(await saveStep(await newSession(), step, CONTRACT_STEPS['1']), 400, 'INVALID_STEP_NUMBER');
  });

  it.each([
    ['no stepData', {}, 'stepData'],
    ['stepData as a list', { stepData: [1] }, 'stepData'],
    ['stepData as a string', { stepData: 'x' }, 'stepData'],
    ['stepData null', { stepData: null }, 'stepData'],
  ])('refuses %s: 400 INVALID_INPUT', async (_name, body, field) => {
    const id = await newSession();
    const res = await call(`${api}/sessions/${id}/wizard/step/1`, { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify(body) });
    expect(expectEnvelope(res, 400, 'INVALID_INPUT').details).toEqual({ field });
  });

  it.each([
    ['blank goals', { ...CONTRACT_STEPS['1'], evaluationGoals: [' '] }, 'evaluationGoals.0'],
    ['no participants', { evaluationGoals: ['a'], developmentStage: 'b' }, 'participants'],
    ['a 2001-character stage', { ...CONTRACT_STEPS['1'], developmentStage: 'x'.repeat(2001) }, 'developmentStage'],
    ['101 goals', { ...CONTRACT_STEPS['1'], evaluationGoals: Array(101).fill('g') }, 'evaluationGoals'],
    ['over 64 KB', { ...CONTRACT_STEPS['1'], extra: 'x'.repeat(70_000) }, 'stepData'],
  ])('refuses step 1 with %s: 400 INVALID_STEP_DATA naming the field, and saves nothing', async (_name, stepData, field) => {
    const id = await newSession();
    const res = await saveStep(id, 1, stepData);
    expect(expectEnvelope(res, 400, 'INVALID_STEP_DATA').details).toEqual({ field });
    expect((await call(`${api}/sessions/${id}`)).json.wizardStatus.steps).toEqual({});
  });

  it('refuses absurdly nested JSON with a 400, in the gateway or in the step rules, never a 500', async () => {
    const id = await newSession();
    const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const send = (extra: string) =>
      call(`${api}/sessions/${id}/wizard/step/1`, {
        method: 'PUT',
        headers: JSON_HEADERS,
        body: `{"stepData":{"evaluationGoals":["a"],"participants":"b","developmentStage":"c","extra":${extra}}}`,
      });
    expect(expectEnvelope(await send(nest(200_000)), 400, 'INVALID_INPUT').details).toEqual({ field: 'body' });
    expect(expectEnvelope(await send(nest(70)), 400, 'INVALID_INPUT').details).toEqual({ field: 'body' });
    expect(expectEnvelope(await send(nest(40)), 400, 'INVALID_STEP_DATA').details).toEqual({ field: 'stepData' });
    expect((await send(nest(10))).status).toBe(200);
  });

  it('stores injection strings and any script as plain text', async () => {
    const id = await newSession();
    const stepData = {
      evaluationGoals: ["'); DROP TABLE wizard_sessions; --", '<script>alert(1)</script>', '{{ .Title }}'],
      participants: 'Участники 🎮',
      developmentStage: '原型',
    };
    expect((await saveStep(id, 1, stepData)).status).toBe(200);
    expect((await call(`${api}/sessions/${id}`)).json.wizardStatus.steps['1']).toEqual(stepData);
  });

  it('concurrent saves of steps 1 and 2 on one wizard never lose a step', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await newSession();
      expect((await saveStep(id, 1, CONTRACT_STEPS['1'])).status).toBe(200);
      const [again, second] = await Promise.all([
        saveStep(id, 1, { ...CONTRACT_STEPS['1'], participants: `${round}` }),
        saveStep(id, 2, CONTRACT_STEPS['2']),
      ]);
      expect([again.status, second.status]).toEqual([200, 200]);
      const steps = (await call(`${api}/sessions/${id}`)).json.wizardStatus.steps;
      expect(Object.keys(steps).sort()).toEqual(['1', '2']);
      expect(steps['1'].participants).toBe(`${round}`);
    }
  });

  it('many concurrent re-saves of one step all land, and the wizard holds one of them whole', async () => {
    const id = await newSession();
    await saveStep(id, 1, CONTRACT_STEPS['1']);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => saveStep(id, 1, { ...CONTRACT_STEPS['1'], projectType: `v${i}` })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const saved = (await call(`${api}/sessions/${id}`)).json.wizardStatus.steps['1'];
    expect(saved).toEqual({ ...CONTRACT_STEPS['1'], projectType: expect.stringMatching(/^v[0-7]$/) });
  });
});

describe('POST /sessions/{id}/wizard/recommendations', () => {
  it('answers { forStep, recommendations } with items that explain themselves', async () => {
    const id = await newSession();
    await saveStep(id, 1, { evaluationGoals: ['Usability & Efficiency'], participants: '< 10', developmentStage: 'Concept / idea' });
    const res = await postJson(`${api}/sessions/${id}/wizard/recommendations`, { forStep: 2 });
    expect(res.status).toBe(200);
    expect(res.json.forStep).toBe(2);
    expect(res.json.recommendations.map((r: { id: string }) => r.id)).toEqual(['expert-review', 'surveys', 'think-aloud']);
    expect(res.json.recommendations[0]).toEqual({
      id: 'expert-review',
      name: expect.any(String),
      description: expect.any(String),
      priority: 'Recommended',
      rationale: expect.any(String),
      tags: expect.any(Array),
      icon: expect.any(String),
      matchedOn: expect.arrayContaining([{ kind: 'developmentStage', value: 'Concept / idea' }]),
    });
  });

  it('supports forStep 2, 3 and 4, and answers [] when nothing matches', async () => {
    const id = await completeSession(CONTRACT_STEPS);
    for (const forStep of [2, 3, 4]) {
      const res = await postJson(`${api}/sessions/${id}/wizard/recommendations`, { forStep });
      expect([forStep, res.status, Array.isArray(res.json.recommendations)]).toEqual([forStep, 200, true]);
    }
    // The contract's step 1 words are not in the rules: nothing for step 2.
    expect((await postJson(`${api}/sessions/${id}/wizard/recommendations`, { forStep: 2 })).json.recommendations).toEqual([]);
    // Its methods are ids in the rules: step 3 has suggestions.
    const step3 = await postJson(`${api}/sessions/${id}/wizard/recommendations`, { forStep: 3 });
    expect(step3.json.recommendations.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining(['heuristic-checklist', 'observation-grid', 'think-aloud-script']),
    );
  });

  it.each([1, 5, 0, -2, 100])('refuses forStep %j: 400 INVALID_RECOMMENDATION_STEP', async (forStep) => {
    const res = await postJson(`${api}/sessions/${await newSession()}/wizard/recommendations`, { forStep });
    expect(expectEnvelope(res, 400, 'INVALID_RECOMMENDATION_STEP').details).toEqual({ field: 'forStep' });
  });

  it.each([
    ['no forStep', {}],
    ['forStep as a string', { forStep: '2' }],
    ['a fractional forStep', { forStep: 2.5 }],
    ['forStep null', { forStep: null }],
  ])('refuses %s: 400 INVALID_INPUT on forStep', async (_name, body) => {
    const res = await postJson(`${api}/sessions/${await newSession()}/wizard/recommendations`, body);
    expect(expectEnvelope(res, 400, 'INVALID_INPUT').details).toEqual({ field: 'forStep' });
  });
});

describe('POST /sessions/{id}/convert', () => {
  it('needs a bearer token: 401 without one', async () => {
    expectEnvelope(await postJson(`${api}/sessions/${await newSession()}/convert`, { name: 'x' }), 401, 'UNAUTHORIZED');
  });

  it('turns a complete session into the caller’s project, exactly as stored, and deletes the session', async () => {
    const { accessToken } = await signUp(stack.url);
    const id = await completeSession();
    const res = await postJson(
      `${api}/sessions/${id}/convert`,
      { name: '  Quest log study ', description: 'From the lab' },
      bearer(accessToken),
    );
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      projectId: expect.stringMatching(UUID),
      name: 'Quest log study',
      description: 'From the lab',
      wizardStatus: { currentStep: 4, isComplete: true, steps: WEB_CLIENT_STEPS },
      pdfUrl: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expectEnvelope(await call(`${api}/sessions/${id}`), 404, 'SESSION_NOT_FOUND');
    const project = await call(`${api}/projects/${res.json.projectId}`, { headers: bearer(accessToken) });
    expect(project.json).toEqual(res.json);
  });

  it('converts a half-done session with its status recomputed', async () => {
    const { accessToken } = await signUp(stack.url);
    const id = await newSession();
    await saveStep(id, 1, CONTRACT_STEPS['1']);
    const res = await postJson(`${api}/sessions/${id}/convert`, { name: 'Half' }, bearer(accessToken));
    expect(res.json.wizardStatus).toEqual({ currentStep: 2, isComplete: false, steps: { '1': CONTRACT_STEPS['1'] } });
  });

  it('carries over the session’s PDF reference', async () => {
    const { accessToken } = await signUp(stack.url);
    const id = await completeSession();
    const pdfUrl = `${stack.config.publicBaseUrl}/files/pdfs/sessions/${id}/1763900000000000000.pdf`;
    await stack.db.pool.query('UPDATE wizard_sessions SET pdf_url = $2 WHERE id = $1', [id, pdfUrl]);
    const res = await postJson(`${api}/sessions/${id}/convert`, { name: 'With PDF' }, bearer(accessToken));
    expect(res.json.pdfUrl).toBe(pdfUrl);
  });

  it('a second conversion, or a concurrent one, finds the session gone: exactly one project', async () => {
    const { accessToken, userId } = await signUp(stack.url);
    const id = await completeSession();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => postJson(`${api}/sessions/${id}/convert`, { name: `Try ${i}` }, bearer(accessToken))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 404, 404, 404]);
    for (const lost of results.filter((r) => r.status === 404)) expectEnvelope(lost, 404, 'SESSION_NOT_FOUND');
    const count = await stack.db.pool.query('SELECT count(*)::int AS n FROM projects WHERE owner_id = $1', [userId]);
    expect(count.rows[0].n).toBe(1);
    expectEnvelope(await postJson(`${api}/sessions/${id}/convert`, { name: 'Again' }, bearer(accessToken)), 404, 'SESSION_NOT_FOUND');
  });

  it.each([
    ['a blank name', { name: '   ' }, 'INVALID_PROJECT_NAME', 'name'],
    ['a 201-character name', { name: 'n'.repeat(201) }, 'INVALID_PROJECT_NAME', 'name'],
    ['no name', { description: 'x' }, 'INVALID_INPUT', 'name'],
    ['a numeric name', { name: 7 }, 'INVALID_INPUT', 'name'],
    ['a 2001-character description', { name: 'ok', description: 'd'.repeat(2001) }, 'INVALID_INPUT', 'description'],
  ])('validates the name and description like project creation: %s', async (_name, body, code, field) => {
    const { accessToken } = await signUp(stack.url);
    const id = await newSession();
    expect(expectEnvelope(await postJson(`${api}/sessions/${id}/convert`, body, bearer(accessToken)), 400, code).details).toEqual({
      field,
    });
    expect((await call(`${api}/sessions/${id}`)).status).toBe(200);
  });
});

describe('expiry', () => {
  let short: TestStack;
  let shortApi: string;

  beforeAll(async () => {
    short = await startTestStack({ SESSION_TTL: '1500ms', SESSION_PURGE_INTERVAL: '300ms' });
    shortApi = `${short.url}/api/v1`;
  });
  afterAll(async () => {
    await short?.stop();
  });

  it('an expired session answers 404 SESSION_NOT_FOUND on every route, and the purge deletes its row', async () => {
    const id = await completeSession(CONTRACT_STEPS, shortApi);
    expect((await call(`${shortApi}/sessions/${id}`)).status).toBe(200);
    await sleep(1_800);
    expectEnvelope(await call(`${shortApi}/sessions/${id}`), 404, 'SESSION_NOT_FOUND');
    expectEnvelope(await saveStep(id, 1, CONTRACT_STEPS['1'], shortApi), 404, 'SESSION_NOT_FOUND');
    expectEnvelope(await postJson(`${shortApi}/sessions/${id}/wizard/recommendations`, { forStep: 2 }), 404, 'SESSION_NOT_FOUND');
    const { accessToken } = await signUp(short.url);
    expectEnvelope(await postJson(`${shortApi}/sessions/${id}/convert`, { name: 'Late' }, bearer(accessToken)), 404, 'SESSION_NOT_FOUND');
    await sleep(800);
    const rows = await short.db.pool.query('SELECT count(*)::int AS n FROM wizard_sessions WHERE id = $1', [id]);
    expect(rows.rows[0].n).toBe(0);
  });
});
