import { bearer, signUp, type SignedUp } from './helpers/auth';
import { call, expectEnvelope, startTestStack, type TestStack } from './helpers/stack';
import { completeProject, completeSession, generatePdf, localPath, storeFile, convertSession } from './helpers/wizard-flows';

const PUBLIC_BASE_URL = 'https://plans.example.org';
const DAY_MS = 86_400_000;

describe('plan history: GET /api/v1/projects/{id}/pdfs', () => {
  let stack: TestStack;
  let api: string;
  let ada: SignedUp;

  beforeAll(async () => {
    stack = await startTestStack({ PUBLIC_BASE_URL });
    api = `${stack.url}/api/v1`;
    ada = await signUp(stack.url);
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  /** As `who` (Ada unless said; null: no token) asks for it. */
  const historyOf = (projectId: string, who: SignedUp | null = ada) =>
    call(`${api}/projects/${projectId}/pdfs`, { headers: who ? bearer(who.accessToken) : {} });

  async function generated(projectId: string): Promise<string> {
    const res = await generatePdf(api, `projects/${projectId}`, ada);
    expect(res.status).toBe(200);
    return res.json.pdfUrl as string;
  }

  it('lists the owner’s PDFs newest first, each with when it was rendered and its size in bytes', async () => {
    const projectId = await completeProject(api, ada);
    await expect(historyOf(projectId)).resolves.toMatchObject({ status: 200, json: { pdfs: [] } });
    const first = await generated(projectId);
    const second = await generated(projectId);

    const res = await historyOf(projectId);
    expect(res.status).toBe(200);
    const { pdfs } = res.json as { pdfs: Array<{ pdfUrl: string; createdAt: string; size: number }> };
    expect(pdfs.map((pdf) => pdf.pdfUrl)).toEqual([second, first]);
    expect(Date.parse(pdfs[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(pdfs[1]!.createdAt));
    expect(Math.abs(Date.parse(pdfs[0]!.createdAt) - Date.now())).toBeLessThan(60_000);
    for (const pdf of pdfs) {
      const download = await fetch(`${stack.url}${localPath(pdf.pdfUrl)}`);
      expect(download.status).toBe(200);
      expect(pdf.size).toBe((await download.arrayBuffer()).byteLength);
    }
  });

  it('keeps the last five PDFs (PDF_KEEP_VERSIONS): older ones leave the list and their URLs answer 404', async () => {
    const projectId = await completeProject(api, ada);
    // Six rendered over the past days (renders younger than a render's deadline are never pruned: their callers may still record them).
    const older: string[] = [];
    for (let day = 6; day >= 1; day--) older.push(await storeFile(stack, 'projects', projectId, day * DAY_MS));
    const urlOf = (name: string) => `${PUBLIC_BASE_URL}/files/pdfs/projects/${projectId}/${name}`;
    const newest = await generated(projectId);
    const res = await historyOf(projectId);
    expect(res.json.pdfs.map((pdf: { pdfUrl: string }) => pdf.pdfUrl)).toEqual([newest, ...older.slice(2).reverse().map(urlOf)]);
    for (const name of older.slice(0, 2)) expectEnvelope(await call(`${stack.url}${localPath(urlOf(name))}`), 404, 'PDF_NOT_FOUND');
    expect((await fetch(`${stack.url}${localPath(urlOf(older[2]!))}`)).status).toBe(200);
  });

  it('never prunes the PDF the project points at, however old, to keep five newer ones', async () => {
    const projectId = await completeProject(api, ada);
    const urlOf = (name: string) => `${PUBLIC_BASE_URL}/files/pdfs/projects/${projectId}/${name}`;
    const recorded = await storeFile(stack, 'projects', projectId, 7 * DAY_MS);
    await stack.db.pool.query('UPDATE projects SET pdf_url = $2 WHERE id = $1', [projectId, urlOf(recorded)]);
    // Five newer ones it never recorded (their callers left, say).
    const unrecorded: string[] = [];
    for (let day = 6; day >= 2; day--) unrecorded.push(await storeFile(stack, 'projects', projectId, day * DAY_MS));
    const newest = await generated(projectId);
    const res = await historyOf(projectId);
    expect(res.json.pdfs.map((pdf: { pdfUrl: string }) => pdf.pdfUrl)).toEqual([
      newest,
      ...unrecorded.slice(1).reverse().map(urlOf),
      urlOf(recorded),
    ]);
    expectEnvelope(await call(`${stack.url}${localPath(urlOf(unrecorded[0]!))}`), 404, 'PDF_NOT_FOUND');
  });

  it('is for the owner only: 403 for another user, 404 for an unknown project, 400 for a malformed id, 401 without a token', async () => {
    const projectId = await completeProject(api, ada);
    await generated(projectId);
    const bob = await signUp(stack.url);
    expectEnvelope(await historyOf(projectId, bob), 403, 'FORBIDDEN');
    expectEnvelope(await historyOf('0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10'), 404, 'PROJECT_NOT_FOUND');
    expect(expectEnvelope(await historyOf('not-a-uuid'), 400, 'INVALID_PROJECT_ID').details).toEqual({ field: 'projectId' });
    expectEnvelope(await historyOf(projectId, null), 401, 'UNAUTHORIZED');
  });

  it('lists a converted project’s session PDF with its own, and deleting the project deletes both', async () => {
    const sessionId = await completeSession(api);
    const sessionPdf = (await generatePdf(api, `sessions/${sessionId}`)).json.pdfUrl as string;
    const converted = await convertSession(api, sessionId, ada, 'Converted');
    expect(converted.status).toBe(201);
    const projectId = converted.json.projectId as string;
    // Once the project has a PDF of its own it no longer points at the session's: the origin is remembered anyway.
    const ownPdf = await generated(projectId);

    expect((await historyOf(projectId)).json.pdfs.map((pdf: { pdfUrl: string }) => pdf.pdfUrl)).toEqual([ownPdf, sessionPdf]);
    const deleted = await call(`${api}/projects/${projectId}`, { method: 'DELETE', headers: bearer(ada.accessToken) });
    expect(deleted.status).toBe(204);
    for (const url of [sessionPdf, ownPdf]) expectEnvelope(await call(`${stack.url}${localPath(url)}`), 404, 'PDF_NOT_FOUND');
  });
});
