import { bearer, JSON_HEADERS, postJson, type SignedUp } from './auth';
import { call, type JsonResponse } from './stack';
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
