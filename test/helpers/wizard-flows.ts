import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bearer, JSON_HEADERS, postJson, type SignedUp } from './auth';
import { call, type JsonResponse, type TestStack } from './stack';
import { WEB_CLIENT_STEPS } from '../fixtures/step-data';

/** The wizard as a client walks it, for tests about what follows (PDFs, their retention). */

/** The gateway-local path of a public PDF URL (PUBLIC_BASE_URL is not where a test stack listens). */
export const localPath = (pdfUrl: string): string => new URL(pdfUrl).pathname;

/** Saves steps 1..upTo of the session or project at `base` (…/sessions/<id> or …/projects/<id>). */
export async function saveSteps(base: string, headers: Record<string, string> = {}, upTo = 4): Promise<void> {
  for (let step = 1; step <= upTo; step++) {
    const res = await call(`${base}/wizard/step/${step}`, {
      method: 'PUT',
      headers: { ...JSON_HEADERS, ...headers },
      body: JSON.stringify({ stepData: WEB_CLIENT_STEPS[String(step) as '1'] }),
    });
    expect(res.status).toBe(200);
  }
}

/** A new session with all four steps saved; its id. */
export async function completeSession(api: string): Promise<string> {
  const res = await call(`${api}/sessions/create`, { method: 'POST' });
  expect(res.status).toBe(201);
  const id = res.json.sessionId as string;
  await saveSteps(`${api}/sessions/${id}`);
  return id;
}

/** A new project of `who` with all four steps saved; its id. */
export async function completeProject(api: string, who: SignedUp, name = 'Quest log study'): Promise<string> {
  const res = await postJson(`${api}/projects`, { name }, bearer(who.accessToken));
  expect(res.status).toBe(201);
  const id = res.json.projectId as string;
  await saveSteps(`${api}/projects/${id}`, bearer(who.accessToken));
  return id;
}

/** POST generate-pdf for a session (no `who`) or a project; the answer as it came. */
export function generatePdf(api: string, path: string, who?: SignedUp): Promise<JsonResponse> {
  return postJson(`${api}/${path}/generate-pdf`, {}, who ? bearer(who.accessToken) : {});
}

type Owner = 'projects' | 'sessions';

/** The local store of a stack's pdf-service (no S3 configured): DATA_DIR/files, keys pdfs/<owner>/<id>/<unix-nanos>.pdf. */
function folderOf(stack: TestStack, owner: Owner, id: string): string {
  return path.join(stack.config.dataDir, 'files', 'pdfs', owner, id);
}

/** The file names stored for one owner ([] when it has no folder). */
export async function storedFiles(stack: TestStack, owner: Owner, id: string): Promise<string[]> {
  return readdir(folderOf(stack, owner, id)).catch(() => []);
}

/** Puts a file into storage as if pdf-service had rendered it `ageMs` ago (its name is its render time); its name. */
export async function storeFile(stack: TestStack, owner: Owner, id: string, ageMs: number): Promise<string> {
  const name = `${BigInt(Date.now() - ageMs) * 1_000_000n}.pdf`;
  await mkdir(folderOf(stack, owner, id), { recursive: true });
  await writeFile(path.join(folderOf(stack, owner, id), name), '%PDF-1.4\n%%EOF\n');
  return name;
}

/** Converts a session into a project of `user`, named `name`; the answer, for the caller to check. */
export function convertSession(api: string, sessionId: string, user: SignedUp, name: string): Promise<JsonResponse> {
  return call(`${api}/sessions/${sessionId}/convert`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...bearer(user.accessToken) },
    body: JSON.stringify({ name }),
  });
}
