import { bearer, postJson, signUp } from './helpers/auth';
import { call, expectEnvelope, fetchBytes, startTestStack, type TestStack } from './helpers/stack';
import { completeProject, completeSession, saveSteps } from './helpers/wizard-flows';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('GET .../plan: the plan as JSON, Markdown or DOCX', () => {
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    stack = await startTestStack();
    api = `${stack.url}/api/v1`;
  });
  afterAll(() => stack?.stop());

  it('answers a complete session’s plan as JSON by default, with coverage, time budget and references', async () => {
    const id = await completeSession(api);
    for (const headers of [
      {} as Record<string, string>,
      { Accept: '*/*' },
      { Accept: 'application/json' },
      { Accept: 'text/html, application/json;q=0.9' },
    ]) {
      const res = await call(`${api}/sessions/${id}/plan`, { headers });
      expect({ headers, status: res.status }).toEqual({ headers, status: 200 });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
      expect(res.headers.get('content-disposition')).toBeNull();
      const { plan } = res.json;
      expect(plan.title).toBe('Quest log redesign');
      expect(plan.coverage.rows.map((row: { goal: string }) => row.goal).sort()).toEqual([...plan.evaluationGoals].sort());
      expect(plan.coverage.columns.length).toBeGreaterThan(0);
      expect(plan.timeBudget.lines.length).toBeGreaterThan(0);
      expect(plan.references.length).toBeGreaterThan(0);
      expect(plan.selectedInstruments.find((item: { id: string }) => item.id === 'sus')?.items).toEqual([
        { version: '', count: 10, detail: expect.any(String) },
      ]);
    }
  });

  it('answers Markdown for text/markdown, as an attachment named after the plan', async () => {
    const id = await completeSession(api);
    const res = await call(`${api}/sessions/${id}/plan?timeZone=Pacific/Kiritimati`, { headers: { Accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Quest log redesign.md"');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(res.text.startsWith('# Quest log redesign\n\nEvaluation plan · ')).toBe(true);
    for (const heading of ['## Context', '## Goal coverage', '## Methods', '## Instruments', '## Time budget', '## References']) {
      expect(res.text).toContain(`\n${heading}\n`);
    }
    // text/* prefers Markdown too.
    expect((await call(`${api}/sessions/${id}/plan`, { headers: { Accept: 'text/*' } })).headers.get('content-type')).toMatch(
      /^text\/markdown/,
    );
  });

  it('answers a Word document for the DOCX type, and HEAD the headers alone', async () => {
    const id = await completeSession(api);
    const res = await fetchBytes(`${api}/sessions/${id}/plan`, { Accept: DOCX_TYPE });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(DOCX_TYPE);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Quest log redesign.docx"');
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length);
    expect(res.body.subarray(0, 2).toString('latin1')).toBe('PK');

    const head = await fetch(`${api}/sessions/${id}/plan`, { method: 'HEAD', headers: { Accept: DOCX_TYPE } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(DOCX_TYPE);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses an incomplete wizard, an unknown or malformed session, a time zone that is none and a format it cannot send', async () => {
    const created = await postJson(`${api}/sessions/create`, {});
    const incomplete = created.json.sessionId as string;
    await saveSteps(`${api}/sessions/${incomplete}`, {}, 2);
    const refused = expectEnvelope(await call(`${api}/sessions/${incomplete}/plan`), 400, 'WIZARD_INCOMPLETE');
    expect(refused.message).toBe('Please complete all four steps before exporting the plan.');
    expectEnvelope(await call(`${api}/sessions/${incomplete}/plan`, { headers: { Accept: 'text/markdown' } }), 400, 'WIZARD_INCOMPLETE');

    expectEnvelope(await call(`${api}/sessions/${crypto.randomUUID()}/plan`), 404, 'SESSION_NOT_FOUND');
    expectEnvelope(await call(`${api}/sessions/not-a-uuid/plan`), 400, 'INVALID_SESSION_ID');

    const complete = await completeSession(api);
    const zone = expectEnvelope(
      await call(`${api}/sessions/${complete}/plan?timeZone=Mars/Olympus`, { headers: { Accept: 'text/markdown' } }),
      400,
      'INVALID_INPUT',
    );
    expect(zone.details).toEqual({ field: 'timeZone' });

    for (const accept of ['image/png', 'application/pdf', 'text/markdown;q=0, application/json;q=0']) {
      const res = await call(`${api}/sessions/${complete}/plan`, { headers: { Accept: accept } });
      const error = expectEnvelope(res, 406, 'NOT_ACCEPTABLE');
      expect(error.details).toEqual({ available: ['application/json', 'text/markdown', DOCX_TYPE] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('projects: the owner only, in every format', async () => {
    const owner = await signUp(stack.url);
    const stranger = await signUp(stack.url);
    const projectId = await completeProject(api, owner, 'Tutorial study');
    const url = `${api}/projects/${projectId}/plan`;

    expectEnvelope(await call(url), 401, 'UNAUTHORIZED');
    expectEnvelope(await call(url, { headers: { Accept: 'text/markdown' } }), 401, 'UNAUTHORIZED');
    expectEnvelope(await call(url, { headers: bearer(stranger.accessToken) }), 403, 'FORBIDDEN');
    expectEnvelope(await call(url, { headers: { ...bearer(stranger.accessToken), Accept: DOCX_TYPE } }), 403, 'FORBIDDEN');
    expectEnvelope(
      await call(`${api}/projects/${crypto.randomUUID()}/plan`, { headers: bearer(owner.accessToken) }),
      404,
      'PROJECT_NOT_FOUND',
    );

    const json = await call(url, { headers: bearer(owner.accessToken) });
    expect(json.status).toBe(200);
    expect(json.json.plan.title).toBe('Tutorial study');
    const markdown = await call(url, { headers: { ...bearer(owner.accessToken), Accept: 'text/markdown' } });
    expect(markdown.status).toBe(200);
    expect(markdown.text).toContain('## Goal coverage');
    expect(markdown.headers.get('content-disposition')).toBe('attachment; filename="Tutorial study.md"');
    const docx = await fetchBytes(url, { ...bearer(owner.accessToken), Accept: DOCX_TYPE });
    expect(docx.status).toBe(200);
    expect(docx.body.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
