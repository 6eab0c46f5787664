import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as Minio from 'minio';
import S3rver from 's3rver';
import { bearer, JSON_HEADERS, postJson, refresh, signUp, type SignedUp } from './helpers/auth';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { WEB_CLIENT_STEPS } from './fixtures/step-data';

const PUBLIC_BASE_URL = 'https://plans.example.org';
const BUCKET = 'evalplan-account-data';
/** Wrong passwords a user may send to DELETE /auth/me per window in this stack. */
const WRONG_PASSWORD_LIMIT = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The gateway-local path of a public PDF URL (PUBLIC_BASE_URL is not where the test stack listens). */
const localPath = (pdfUrl: string) => new URL(pdfUrl).pathname;

describe('account data: export and deletion', () => {
  let stack: TestStack;
  let api: string;
  let s3: S3rver;
  let storage: Minio.Client;

  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: await mkdtemp(path.join(os.tmpdir(), 's3rver-')) });
    const s3Address = (await s3.run()) as AddressInfo;
    storage = new Minio.Client({
      endPoint: '127.0.0.1',
      port: s3Address.port,
      useSSL: false,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      region: 'us-east-1',
      pathStyle: true,
    });
    stack = await startTestStack({
      PUBLIC_BASE_URL,
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      AUTH_RATE_LIMIT_PER_EMAIL: String(WRONG_PASSWORD_LIMIT),
    });
    api = `${stack.url}/api/v1`;
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    await s3?.close();
  });

  async function createProject(who: SignedUp, name: string, steps: number): Promise<string> {
    const created = await postJson(`${api}/projects`, { name, description: `About ${name}` }, bearer(who.accessToken));
    expect(created.status).toBe(201);
    const id = created.json.projectId as string;
    for (let step = 1; step <= steps; step++) {
      const saved = await call(`${api}/projects/${id}/wizard/step/${step}`, {
        method: 'PUT',
        headers: { ...JSON_HEADERS, ...bearer(who.accessToken) },
        body: JSON.stringify({ stepData: WEB_CLIENT_STEPS[String(step) as '1'] }),
      });
      expect(saved.status).toBe(200);
    }
    return id;
  }

  async function generatePdf(who: SignedUp, projectId: string): Promise<string> {
    const res = await postJson(`${api}/projects/${projectId}/generate-pdf`, {}, bearer(who.accessToken));
    expect(res.status).toBe(200);
    return res.json.pdfUrl as string;
  }

  async function exportOf(who: SignedUp): Promise<JsonResponse> {
    return call(`${api}/auth/me/export`, { headers: bearer(who.accessToken) });
  }

  function deleteAccount(who: SignedUp, body: unknown): Promise<JsonResponse> {
    return call(`${api}/auth/me`, {
      method: 'DELETE',
      headers: { ...JSON_HEADERS, ...bearer(who.accessToken) },
      body: JSON.stringify(body),
    });
  }

  async function activityCount(where: string, values: unknown[]): Promise<number> {
    const result = await stack.db.pool.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM activity_events WHERE ${where}`,
      values,
    );
    return Number(result.rows[0]!.count);
  }

  /** Polls until the count matches (events are batched by the gateway every 200 ms, and late ones swept every 2 s). */
  async function waitForCount(where: string, values: unknown[], done: (count: number) => boolean, timeoutMs = 10_000): Promise<number> {
    const giveUpAt = Date.now() + timeoutMs;
    for (;;) {
      const count = await activityCount(where, values);
      if (done(count) || Date.now() > giveUpAt) return count;
      await sleep(100);
    }
  }

  async function storedKeys(prefix: string): Promise<string[]> {
    if (!(await storage.bucketExists(BUCKET))) return [];
    const names: string[] = [];
    for await (const item of storage.listObjectsV2(BUCKET, prefix, true) as AsyncIterable<{ name?: string }>) {
      if (item.name) names.push(item.name);
    }
    return names;
  }

  describe('GET /auth/me/export', () => {
    it('holds the account, every project with its steps and PDFs, and the activity, and no secret', async () => {
      const ada = await signUp(stack.url);
      const complete = await createProject(ada, 'Quest log redesign', 4);
      const draft = await createProject(ada, 'Inventory study', 2);
      const pdfUrl = await generatePdf(ada, complete);
      // The generate-pdf request is among the last ones: once it is stored, the earlier ones are too.
      await waitForCount(`user_id = $1 AND path = $2`, [ada.userId, `/api/v1/projects/${complete}/generate-pdf`], (n) => n === 1);

      const res = await exportOf(ada);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="evalplan-export.json"');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const document = res.json;
      expect(Date.parse(document.exportedAt)).not.toBeNaN();
      expect(document.account).toEqual({ id: ada.userId, email: ada.email, created_at: expect.any(String) });

      expect(document.projects).toHaveLength(2);
      const [first, second] = document.projects;
      expect(first).toEqual({
        id: complete,
        name: 'Quest log redesign',
        description: 'About Quest log redesign',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        currentStep: 4,
        isComplete: true,
        steps: { '1': WEB_CLIENT_STEPS['1'], '2': WEB_CLIENT_STEPS['2'], '3': WEB_CLIENT_STEPS['3'], '4': WEB_CLIENT_STEPS['4'] },
        pdfs: [{ url: pdfUrl, createdAt: expect.any(String) }],
      });
      expect(Math.abs(Date.parse(first.pdfs[0].createdAt) - Date.now())).toBeLessThan(60_000);
      expect(second).toMatchObject({
        id: draft,
        isComplete: false,
        steps: { '1': WEB_CLIENT_STEPS['1'], '2': WEB_CLIENT_STEPS['2'] },
        pdfs: [],
      });

      const activity = document.activity as Array<Record<string, unknown>>;
      expect(activity.find((event) => event.path === `/api/v1/projects/${complete}/generate-pdf`)).toEqual({
        eventType: 'pdf_generated',
        sessionId: null,
        projectId: complete,
        method: 'POST',
        path: `/api/v1/projects/${complete}/generate-pdf`,
        statusCode: 200,
        durationMs: expect.any(Number),
        metadata: expect.objectContaining({ request_id: expect.any(String) }),
        createdAt: expect.any(String),
      });
      expect(activity.filter((event) => event.eventType === 'project_created')).toHaveLength(2);
      const times = activity.map((event) => Date.parse(event.createdAt as string));
      expect(times).toEqual([...times].sort((a, b) => a - b));

      // Never the hash, the password or a token.
      expect(res.text).not.toMatch(/\$2[aby]\$/);
      expect(res.text).not.toContain(ada.password);
      expect(res.text).not.toContain(ada.refreshToken);
      expect(res.text).not.toContain(ada.accessToken);
      expect(res.text).not.toMatch(/password|refresh_token|token_hash/i);
    });

    it("is always the caller's own data, and needs a bearer token", async () => {
      const owner = await signUp(stack.url);
      const project = await createProject(owner, 'Private plan', 1);
      const other = await signUp(stack.url);
      const theirs = await call(`${api}/auth/me/export?userId=${owner.userId}`, { headers: bearer(other.accessToken) });
      expect(theirs.status).toBe(200);
      expect(theirs.json.account.id).toBe(other.userId);
      expect(theirs.json.projects).toEqual([]);
      expect(theirs.text).not.toContain(project);
      expect(theirs.text).not.toContain(owner.email);

      expectEnvelope(await call(`${api}/auth/me/export`), 401, 'UNAUTHORIZED');
    });

    it('streams a long history in chunks, oldest first', async () => {
      const busy = await signUp(stack.url);
      const total = 20_000;
      await stack.db.pool.query(
        `INSERT INTO activity_events (id, event_type, user_id, method, path, status_code, duration_ms, metadata, created_at)
         SELECT gen_random_uuid(), 'api_request', $1, 'GET', '/api/v1/projects', 200, 1.5, '{"n": 1}'::jsonb,
                now() - interval '1 day' + n * interval '1 millisecond'
           FROM generate_series(1, $2::int) AS n`,
        [busy.userId, total],
      );
      const { headers, chunks, body } = await new Promise<{ headers: http.IncomingHttpHeaders; chunks: number; body: string }>(
        (resolve, reject) => {
          http
            .get(`${api}/auth/me/export`, { headers: bearer(busy.accessToken) }, (res) => {
              const parts: Buffer[] = [];
              res.on('data', (chunk: Buffer) => parts.push(chunk));
              res.on('end', () => resolve({ headers: res.headers, chunks: parts.length, body: Buffer.concat(parts).toString('utf8') }));
              res.on('error', reject);
            })
            .on('error', reject);
        },
      );
      // Written as it is read: no length known up front, and many pieces on the wire.
      expect(headers['transfer-encoding']).toBe('chunked');
      expect(headers['content-length']).toBeUndefined();
      expect(chunks).toBeGreaterThan(10);
      const document = JSON.parse(body);
      const inserted = (document.activity as Array<{ path: string; metadata: { n?: number }; createdAt: string }>).filter(
        (event) => event.metadata.n === 1,
      );
      expect(inserted).toHaveLength(total);
      const times = inserted.map((event) => Date.parse(event.createdAt));
      expect(times.every((time, index) => index === 0 || time >= times[index - 1]!)).toBe(true);
    });
  });

  describe('DELETE /auth/me', () => {
    it('refuses a wrong or missing password and deletes nothing; repeated wrong passwords are limited', async () => {
      const bob = await signUp(stack.url);
      const project = await createProject(bob, 'Keep me', 1);

      expectEnvelope(await deleteAccount(bob, {}), 400, 'INVALID_INPUT');
      expectEnvelope(await deleteAccount(bob, { password: 42 }), 400, 'INVALID_INPUT');
      expectEnvelope(await deleteAccount(bob, ['x']), 400, 'INVALID_INPUT');
      const malformed = await call(`${api}/auth/me`, {
        method: 'DELETE',
        headers: { ...JSON_HEADERS, ...bearer(bob.accessToken) },
        body: '{"password":',
      });
      expect(malformed.status).toBe(400);
      expectEnvelope(
        await call(`${api}/auth/me`, { method: 'DELETE', headers: JSON_HEADERS, body: '{"password":"x"}' }),
        401,
        'UNAUTHORIZED',
      );

      for (let attempt = 0; attempt < WRONG_PASSWORD_LIMIT; attempt++) {
        expectEnvelope(await deleteAccount(bob, { password: 'not my password' }), 403, 'INCORRECT_PASSWORD');
      }
      const limited = await deleteAccount(bob, { password: bob.password });
      expectEnvelope(limited, 429, 'RATE_LIMITED');

      // Nothing went: the account, its sign-in and its project are all there.
      expect((await call(`${api}/auth/me`, { headers: bearer(bob.accessToken) })).status).toBe(200);
      expect((await call(`${api}/projects/${project}`, { headers: bearer(bob.accessToken) })).status).toBe(200);
      expect((await refresh(stack.url, bob.refreshToken)).status).toBe(200);
    });

    it('deletes the account, its projects and their stored PDFs, keeps its activity without the user; the address registers again', async () => {
      const cleo = await signUp(stack.url);
      const project = await createProject(cleo, 'Delete me', 4);
      const pdfUrl = await generatePdf(cleo, project);
      await generatePdf(cleo, project);
      expect(await storedKeys(`pdfs/projects/${project}/`)).toHaveLength(2);
      expect((await call(`${stack.url}${localPath(pdfUrl)}`)).status).toBe(200);
      await waitForCount(`user_id = $1 AND event_type = 'pdf_generated'`, [cleo.userId], (n) => n === 2);
      const before = await activityCount('user_id = $1', [cleo.userId]);
      expect(before).toBeGreaterThan(5);

      const deleted = await deleteAccount(cleo, { password: cleo.password });
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect(deleted.headers.getSetCookie().some((cookie) => /^refresh_token=;.*Max-Age=0/.test(cookie))).toBe(true);

      // Every sign-in ended at once: the access token and the refresh cookie are refused.
      expectEnvelope(await call(`${api}/auth/me`, { headers: bearer(cleo.accessToken) }), 401, 'UNAUTHORIZED');
      expectEnvelope(await refresh(stack.url, cleo.refreshToken), 401, 'UNAUTHORIZED');
      // The files are gone from storage, and so their public URLs.
      expect(await storedKeys(`pdfs/projects/${project}/`)).toEqual([]);
      expect((await call(`${stack.url}${localPath(pdfUrl)}`)).status).toBe(404);
      // The activity stays, without the user id, including the deletion's own request once it is stored.
      expect(await waitForCount('user_id = $1', [cleo.userId], (n) => n === 0)).toBe(0);
      const [kept] = (
        await stack.db.pool.query<{ count: string }>(
          `SELECT count(*)::text AS count FROM activity_events WHERE user_id IS NULL AND project_id = $1`,
          [project],
        )
      ).rows;
      expect(Number(kept!.count)).toBeGreaterThanOrEqual(6);
      expect(
        await waitForCount(`user_id IS NULL AND method = 'DELETE' AND path = '/api/v1/auth/me' AND status_code = 204`, [], (n) => n >= 1),
      ).toBeGreaterThanOrEqual(1);
      // Events of the user arriving later (still queued in a gateway) lose the id too.
      await stack.db.pool.query(
        `INSERT INTO activity_events (id, event_type, user_id, method, path, status_code, created_at)
         VALUES (gen_random_uuid(), 'api_request', $1, 'GET', '/api/v1/projects', 200, now())`,
        [cleo.userId],
      );
      expect(await waitForCount('user_id = $1', [cleo.userId], (n) => n === 0)).toBe(0);

      // The same credentials register again, as a new account without the old projects.
      const again = await postJson(`${api}/auth/register`, { email: cleo.email, password: cleo.password });
      expect(again.status).toBe(201);
      expect(again.json.user.id).not.toBe(cleo.userId);
      const token = bearer(again.json.access_token as string);
      expectEnvelope(await call(`${api}/projects/${project}`, { headers: token }), 404, 'PROJECT_NOT_FOUND');
      expect((await call(`${api}/projects`, { headers: token })).json.projects).toEqual([]);
    });

    it('takes the password as login does: the same accent typed decomposed deletes an account registered with it precomposed', async () => {
      const precomposed = 'caf\u00e9 au lait';
      const fay = await signUp(stack.url, { password: precomposed });
      expect((await postJson(`${api}/auth/login`, { email: fay.email, password: precomposed.normalize('NFD') })).status).toBe(200);
      const deleted = await deleteAccount(fay, { password: precomposed.normalize('NFD') });
      expect(deleted.status).toBe(204);
      expectEnvelope(await postJson(`${api}/auth/login`, { email: fay.email, password: precomposed }), 401, 'INVALID_CREDENTIALS');
    });

    it('a 503 part-way (activity-service away, after the projects went) is retried with the same sign-in and deletes everything', async () => {
      const gus = await signUp(stack.url);
      const project = await createProject(gus, 'Retry me', 1);
      const password = { password: gus.password };

      await stack.services.activity.stop();
      try {
        expectEnvelope(await deleteAccount(gus, password), 503, 'SERVICE_UNAVAILABLE');
      } finally {
        await stack.services.activity.start();
      }
      // The projects went in the first step; the sign-in is still there, refresh token included.
      expectEnvelope(await call(`${api}/projects/${project}`, { headers: bearer(gus.accessToken) }), 404, 'PROJECT_NOT_FOUND');
      expect((await call(`${api}/auth/me`, { headers: bearer(gus.accessToken) })).status).toBe(200);
      expect((await call(`${api}/auth/sessions`, { headers: bearer(gus.accessToken) })).json.sessions).toHaveLength(1);

      const deleted = await deleteAccount(gus, password);
      expect(deleted.status).toBe(204);
      expectEnvelope(await call(`${api}/auth/me`, { headers: bearer(gus.accessToken) }), 401, 'UNAUTHORIZED');
      expectEnvelope(await refresh(stack.url, gus.refreshToken), 401, 'UNAUTHORIZED');
      expect(await waitForCount('user_id = $1', [gus.userId], (n) => n === 0)).toBe(0);
      const [left] = (await stack.db.pool.query<{ count: string }>('SELECT count(*)::text AS count FROM projects WHERE id = $1', [project]))
        .rows;
      expect(left!.count).toBe('0');
    });

    it('two deletions at once: no server error, and the account is gone', async () => {
      const dora = await signUp(stack.url);
      await createProject(dora, 'Twice', 1);
      const answers = await Promise.all([
        deleteAccount(dora, { password: dora.password }),
        deleteAccount(dora, { password: dora.password }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toContain(204);
      for (const status of statuses) expect([204, 401]).toContain(status);
      expectEnvelope(await call(`${api}/auth/me`, { headers: bearer(dora.accessToken) }), 401, 'UNAUTHORIZED');
      expect((await postJson(`${api}/auth/register`, { email: dora.email, password: dora.password })).status).toBe(201);
    });
  });

  // Last: it stops activity-service for the rest of this stack's life.
  describe('GET /auth/me/export when a service fails midway', () => {
    it('is cut off after its 200, never a complete-looking document', async () => {
      const erin = await signUp(stack.url);
      await createProject(erin, 'Half an export', 1);
      await stack.services.activity.stop();
      const res = await fetch(`${api}/auth/me/export`, { headers: bearer(erin.accessToken) });
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
    });
  });
});
