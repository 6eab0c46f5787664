import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { bearer, postJson, signUp } from './helpers/auth';
import { HtmlRendererServer } from './helpers/html-renderer-server';
import { pdfText } from './helpers/pdf-text';
import { startSmtp } from './helpers/smtp-peer';
import { call, expectEnvelope, fetchBytes, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { saveSteps } from './helpers/wizard-flows';

const PUBLIC_BASE_URL = 'https://plans.example.org';

async function newSession(api: string): Promise<string> {
  const res = await call(`${api}/sessions/create`, { method: 'POST' });
  expect(res.status).toBe(201);
  return res.json.sessionId as string;
}

async function completeSession(api: string): Promise<string> {
  const id = await newSession(api);
  await saveSteps(`${api}/sessions/${id}`, {});
  return id;
}

/** The gateway-local path of a public PDF URL (PUBLIC_BASE_URL is not where the test stack listens). */
const localPath = (pdfUrl: string) => new URL(pdfUrl).pathname;

/**
 * A GET with the path exactly as written (fetch would normalise "..", "%2e"
 * and backslashes away) and only the headers given (fetch adds
 * Cache-Control: no-cache to conditional requests, as the Fetch standard says).
 */
function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}): Promise<JsonResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.get({ hostname, port, path: rawPath, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      response.on('end', () => {
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, headers: new Headers(response.headers as Record<string, string>), text, json });
      });
    });
    request.on('error', reject);
  });
}

describe('PDFs with the built-in layout, local storage and no mail server', () => {
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    stack = await startTestStack({ PUBLIC_BASE_URL });
    api = `${stack.url}/api/v1`;
  });
  afterAll(() => stack?.stop());

  const generate = (id: string, body: unknown = {}, kind = 'sessions', headers: Record<string, string> = {}) =>
    postJson(`${api}/${kind}/${id}/generate-pdf`, body, headers);

  it('generates the plan of a complete session, stores the URL on it and serves the file', async () => {
    const id = await completeSession(api);
    const res = await generate(id);
    expect(res.status).toBe(200);
    expect(res.json.email).toBeNull();
    expect(res.json.pdfUrl).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/files/pdfs/sessions/${id}/\\d{19}\\.pdf$`));
    expect((await call(`${api}/sessions/${id}`)).json.pdfUrl).toBe(res.json.pdfUrl);

    const file = await fetchBytes(`${stack.url}${localPath(res.json.pdfUrl)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Number(file.headers.get('content-length'))).toBe(file.body.length);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="evaluation-plan.pdf"');
    expect(file.headers.get('cache-control')).toBe('private, max-age=86400');
    const text = await pdfText(file.body);
    for (const value of ['Quest log redesign', 'Does the new log reduce drop-off?', 'Sense of progress', 'Book the lab for March.']) {
      expect(text).toContain(value);
    }

    // The web client's download route serves the same bytes, named after the plan, never cached as public.
    const current = await fetchBytes(`${api}/sessions/${id}/download-pdf`);
    expect(current.status).toBe(200);
    expect(current.body.equals(file.body)).toBe(true);
    expect(current.headers.get('content-disposition')).toBe('attachment; filename="Quest log redesign.pdf"');
    expect(current.headers.get('cache-control')).toBe('private, no-cache');

    // A browser asking again with its validator gets a 304 without the body.
    const again = await rawGet(stack.url, localPath(res.json.pdfUrl), { 'If-None-Match': file.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // HEAD: the headers of the download, no body.
    const head = await fetch(`${stack.url}${localPath(res.json.pdfUrl)}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(file.body.length));
    expect(head.headers.get('content-disposition')).toBe('attachment; filename="evaluation-plan.pdf"');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // The file still downloads whole after those cancelled reads.
    expect((await fetchBytes(`${stack.url}${localPath(res.json.pdfUrl)}`)).body.equals(file.body)).toBe(true);
  });

  it('a new step save clears the current PDF (404 on download-pdf) while the old file stays downloadable', async () => {
    const id = await completeSession(api);
    const { pdfUrl } = (await generate(id)).json;
    await saveSteps(`${api}/sessions/${id}`, {}, 1);
    expect((await call(`${api}/sessions/${id}`)).json.pdfUrl).toBeNull();
    expectEnvelope(await call(`${api}/sessions/${id}/download-pdf`), 404, 'PDF_NOT_FOUND');
    expect((await fetchBytes(`${stack.url}${localPath(pdfUrl)}`)).status).toBe(200);
  });

  it('every generation is a new file; the e-mail object reports the no-op provider', async () => {
    const id = await completeSession(api);
    const first = await generate(id, { notifyEmail: 'Ada@Example.org' });
    const second = await generate(id, { notifyEmail: 'ada@example.org' });
    expect(first.json.email).toEqual({ requested: true, to: 'ada@example.org', provider: 'noop', sent: false, messageId: '' });
    expect(second.json.pdfUrl).not.toBe(first.json.pdfUrl);
    expect((await call(`${api}/sessions/${id}`)).json.pdfUrl).toBe(second.json.pdfUrl);
  });

  it('refuses what cannot be generated with the contract codes', async () => {
    const incomplete = await newSession(api);
    await saveSteps(`${api}/sessions/${incomplete}`, {}, 3);
    expectEnvelope(await generate(incomplete), 400, 'WIZARD_INCOMPLETE');
    expectEnvelope(await generate('7d1c1f3e-0000-4000-8000-000000000000'), 404, 'SESSION_NOT_FOUND');
    expectEnvelope(await generate('not-a-uuid'), 400, 'INVALID_SESSION_ID');
    const id = await completeSession(api);
    expect(expectEnvelope(await generate(id, { notifyEmail: 'not an address' }), 400, 'INVALID_NOTIFY_EMAIL').details).toEqual({
      field: 'notifyEmail',
    });
    expectEnvelope(await generate(id, { notifyEmail: 7 }), 400, 'INVALID_INPUT');
    expectEnvelope(await generate(id, [1, 2]), 400, 'INVALID_INPUT');
    expectEnvelope(await generate(id, { template: { html: ['x'] } }), 400, 'INVALID_INPUT');
    // A malformed body is checked before the wizard: nothing is rendered for it.
    expectEnvelope(await generate(incomplete, { notifyEmail: 'x' }), 400, 'INVALID_NOTIFY_EMAIL');
    expect((await call(`${api}/sessions/${id}`)).json.pdfUrl).toBeNull();
  });

  it('checks a template even without a renderer: unsafe is 400, safe is 503 PDF_RENDERER_UNAVAILABLE', async () => {
    const id = await completeSession(api);
    const hostile = [
      '<script>fetch("http://10.0.0.1/")</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<IMG SRC="HTTP://169.254.169.254/latest/meta-data/">',
      '<link rel="stylesheet" href="http://internal.local/a.css">',
      '<iframe src="file:///etc/passwd"></iframe>',
      '<div style="background:url(http://internal.local/track)">x</div>',
    ];
    for (const html of hostile) {
      const error = expectEnvelope(await generate(id, { template: { html } }), 400, 'INVALID_PDF_TEMPLATE');
      expect(error.details.field).toBe('template.html');
    }
    expectEnvelope(
      await generate(id, { template: { html: '<p>x</p>', css: '@import "http://internal.local/x.css";' } }),
      400,
      'INVALID_PDF_TEMPLATE',
    );
    expectEnvelope(await generate(id, { template: { html: 'x'.repeat(128 * 1024 + 1) } }), 400, 'INVALID_PDF_TEMPLATE');
    expectEnvelope(
      await generate(id, { template: { html: '<h1>{{ .Title }}</h1>', css: 'h1{color:red}' } }),
      503,
      'PDF_RENDERER_UNAVAILABLE',
    );
  });

  it('answers 404 PDF_NOT_FOUND for every path that is not a stored PDF, without a 500', async () => {
    const id = await completeSession(api);
    const { pdfUrl } = (await generate(id)).json;
    const good = localPath(pdfUrl);
    const attempts = [
      '/files/pdfs/../../../etc/passwd',
      '/files/pdfs/%2e%2e/%2e%2e/etc/passwd',
      '/files/pdfs/sessions/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/files/pdfs/sessions/..%5c..%5cetc%5cpasswd',
      '/files/pdfs/sessions\\..\\..\\etc\\passwd',
      '/files/pdfs//etc/passwd',
      '/files/pdfs/%2Fetc%2Fpasswd',
      `${good}%00.txt`,
      `${good.slice(0, -4)}.PDF`,
      good.replace('/sessions/', '/projects/'),
      '/files/pdfs/sessions/7d1c1f3e-0000-4000-8000-000000000000/1.pdf',
      '/files/pdfs/',
    ];
    for (const attempt of attempts) {
      const res = await rawGet(stack.url, attempt);
      if (res.status !== 404 || res.json?.error?.code !== 'PDF_NOT_FOUND') {
        // "/files/pdfs/" itself matches no file route at all.
        expect({ attempt, status: res.status, code: res.json?.error?.code }).toEqual({ attempt, status: 404, code: 'NOT_FOUND' });
      }
    }
    expect((await rawGet(stack.url, good)).status).toBe(200);
  });

  it('projects: owner only; conversion carries the session PDF; deleting the project deletes its files', async () => {
    const owner = await signUp(stack.url);
    const stranger = await signUp(stack.url);
    const created = await postJson(
      `${api}/projects`,
      { name: 'Tutorial study', description: 'Onboarding of new players' },
      bearer(owner.accessToken),
    );
    const projectId = created.json.projectId as string;
    await saveSteps(`${api}/projects/${projectId}`, bearer(owner.accessToken));

    expectEnvelope(await generate(projectId, {}, 'projects'), 401, 'UNAUTHORIZED');
    expectEnvelope(await generate(projectId, {}, 'projects', bearer(stranger.accessToken)), 403, 'FORBIDDEN');
    const res = await generate(projectId, {}, 'projects', bearer(owner.accessToken));
    expect(res.status).toBe(200);
    expect(res.json.pdfUrl).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/files/pdfs/projects/${projectId}/\\d+\\.pdf$`));
    expect(await pdfText((await fetchBytes(`${stack.url}${localPath(res.json.pdfUrl)}`)).body)).toContain('Onboarding of new players');

    expectEnvelope(await call(`${api}/projects/${projectId}/download-pdf`), 401, 'UNAUTHORIZED');
    expectEnvelope(await call(`${api}/projects/${projectId}/download-pdf`, { headers: bearer(stranger.accessToken) }), 403, 'FORBIDDEN');
    const current = await fetchBytes(`${api}/projects/${projectId}/download-pdf`, bearer(owner.accessToken));
    expect(current.status).toBe(200);
    expect(current.headers.get('content-disposition')).toBe('attachment; filename="Tutorial study.pdf"');

    // A session with a PDF converts into a project that can download it.
    const sessionId = await completeSession(api);
    const sessionPdf = (await generate(sessionId)).json.pdfUrl as string;
    const converted = await postJson(`${api}/sessions/${sessionId}/convert`, { name: 'Converted plan' }, bearer(owner.accessToken));
    expect(converted.status).toBe(201);
    expect(converted.json.pdfUrl).toContain(`/files/pdfs/sessions/${sessionId}/`);
    const carried = await fetchBytes(`${api}/projects/${converted.json.projectId}/download-pdf`, bearer(owner.accessToken));
    expect(carried.status).toBe(200);

    for (const [id, url] of [
      [projectId, res.json.pdfUrl as string],
      [converted.json.projectId as string, sessionPdf],
    ] as const) {
      const deleted = await call(`${api}/projects/${id}`, { method: 'DELETE', headers: bearer(owner.accessToken) });
      expect(deleted.status).toBe(204);
      expectEnvelope(await call(`${stack.url}${localPath(url)}`), 404, 'PDF_NOT_FOUND');
    }
  });
});

describe('PDFs through S3, SMTP and the HTML renderer', () => {
  let stack: TestStack;
  let api: string;
  let s3: S3rver;
  let s3Port: number;
  let s3Directory: string;
  const renderer = new HtmlRendererServer();
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    s3Directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Directory });
    const s3Address = (await s3.run()) as AddressInfo;
    s3Port = s3Address.port;
    smtp = await startSmtp();
    await renderer.start();
    stack = await startTestStack(
      {
        PUBLIC_BASE_URL,
        S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
        S3_BUCKET: 'evalplan-test-pdfs',
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'evalplan <plans@example.org>',
        PDF_HTML_RENDERER_URL: renderer.url,
        PDF_HTML_RENDERER_TIMEOUT: '20s',
      },
      { captureLogs: true },
    );
    api = `${stack.url}/api/v1`;
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await renderer.stop();
    await smtp?.close();
    await s3?.close();
  });

  beforeEach(() => {
    renderer.mode = 'render';
  });

  it('stores in the bucket (created on first use), mails the link with the PDF attached', async () => {
    const id = await completeSession(api);
    const res = await postJson(`${api}/sessions/${id}/generate-pdf`, { notifyEmail: 'ada@example.org' });
    expect(res.status).toBe(200);
    expect(res.json.email).toEqual({
      requested: true,
      to: 'ada@example.org',
      provider: 'smtp',
      sent: true,
      messageId: expect.stringMatching(/^<.+>$/),
    });
    const file = await fetchBytes(`${stack.url}${localPath(res.json.pdfUrl)}`);
    expect(file.status).toBe(200);
    expect(await pdfText(file.body)).toContain('Quest log redesign');

    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['ada@example.org']);
    expect(mail.from).toBe('plans@example.org');
    expect(mail.raw).toMatch(/^Subject: Your evaluation plan: Quest log redesign/m);
    expect(mail.raw).toContain(res.json.pdfUrl);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=evaluation-plan\.pdf/);
  });

  it('a refused recipient is sent false with the PDF still generated; repeating the request tries again', async () => {
    const id = await completeSession(api);
    const refused = await postJson(`${api}/sessions/${id}/generate-pdf`, { notifyEmail: 'nobody@refuse.example.org' });
    expect(refused.status).toBe(200);
    expect(refused.json.email).toMatchObject({ requested: true, provider: 'smtp', sent: false, messageId: '' });
    const before = smtp.received.length;
    const retried = await postJson(`${api}/sessions/${id}/generate-pdf`, { notifyEmail: 'ada@example.org' });
    expect(retried.json.email.sent).toBe(true);
    expect(smtp.received.length).toBe(before + 1);
  });

  it('renders a custom template with chromium: data filled in and escaped, css in the head', async () => {
    const id = await completeSession(api);
    const template = {
      html:
        '<h1>{{ .Title }}</h1><p class="date">{{ formatDate .Date "2006-01-02" }}</p>' +
        '<p>Goals: {{ join .EvaluationGoals ", " }}</p>{{ range .SelectedMethods }}<h2>{{ .Name }}</h2>{{ end }}' +
        '<p>{{ default .ProjectType "No project type given" }}</p>',
      css: 'h1 { font-family: sans-serif; color: #1f4e79; }',
    };
    const res = await postJson(`${api}/sessions/${id}/generate-pdf`, { template });
    expect(res.status).toBe(200);
    const sent = renderer.received.at(-1)!;
    expect(sent.parts).toEqual([{ field: 'files', fileName: 'index.html' }]);
    expect(sent.html).toMatch(/^<!DOCTYPE html><html><head><meta charset="utf-8"><style>h1 \{ font-family/);
    const text = await pdfText((await fetchBytes(`${stack.url}${localPath(res.json.pdfUrl)}`)).body);
    expect(text).toContain('Quest log redesign');
    expect(text).toContain('Goals: Usability & Efficiency, Immersion / Flow / Focused Attention, Autonomy / Perceived Choice');
    expect(text).toContain('Think-aloud testing');
    expect(text).toContain('No project type given');
    expect(text).toMatch(/\d{4}-\d{2}-\d{2}/);
  }, 60_000);

  it('object storage away: 503 with Retry-After for generating and downloading, not 500; all works again once it is back', async () => {
    const id = await completeSession(api);
    const made = await postJson(`${api}/sessions/${id}/generate-pdf`, {});
    expect(made.status).toBe(200);
    await s3.close();
    try {
      // A PDF cannot be made now: the contract's one 503 for generate-pdf.
      const refused = await postJson(`${api}/sessions/${id}/generate-pdf`, {});
      expectEnvelope(refused, 503, 'PDF_RENDERER_UNAVAILABLE');
      expect(refused.headers.get('retry-after')).toBe('5');
      const unreadable = await call(`${stack.url}${localPath(made.json.pdfUrl)}`);
      expectEnvelope(unreadable, 503, 'SERVICE_UNAVAILABLE');
      expect(unreadable.headers.get('retry-after')).toBe('5');
    } finally {
      s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: s3Directory });
      await s3.run();
    }
    const file = await fetchBytes(`${stack.url}${localPath(made.json.pdfUrl)}`);
    expect(file.status).toBe(200);
    expect((await postJson(`${api}/sessions/${id}/generate-pdf`, {})).status).toBe(200);
  });

  it('a client that leaves during generate-pdf stops the render: the renderer is let go at once, nothing is recorded', async () => {
    const id = await completeSession(api);
    renderer.mode = 'hang';
    const rendersBefore = renderer.received.length;
    const abandonedBefore = renderer.abandoned;
    const client = new AbortController();
    const requestId = `leaves-${Date.now()}`;
    const leaving = fetch(`${api}/sessions/${id}/generate-pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ template: { html: '<p>{{ .Title }}</p>' } }),
      signal: client.signal,
    }).catch(() => 'left');
    while (renderer.received.length === rendersBefore) await new Promise((resolve) => setTimeout(resolve, 10));
    client.abort();
    expect(await leaving).toBe('left');
    // Well before the renderer's own 20 s timeout: the render was cancelled, not timed out.
    const givenUpAt = Date.now() + 5_000;
    while (renderer.abandoned === abandonedBefore && Date.now() < givenUpAt) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(renderer.abandoned).toBe(abandonedBefore + 1);
    renderer.mode = 'render';
    expect((await call(`${api}/sessions/${id}`)).json.pdfUrl).toBeNull();
    // The access log still has its line, marked as left early.
    const accessLines = stack.logs.filter((line) => line.msg === 'request' && line.request_id === requestId);
    expect(accessLines).toEqual([
      expect.objectContaining({ route: '/api/v1/sessions/:sessionId/generate-pdf', method: 'POST', aborted: true }),
    ]);
  });

  it('renderer failures: 500 PDF_GENERATION_FAILED when it fails, 503 when it is gone; nothing is recorded', async () => {
    const id = await completeSession(api);
    const body = { template: { html: '<p>{{ .Title }}</p>' } };
    renderer.mode = 'fail';
    expectEnvelope(await postJson(`${api}/sessions/${id}/generate-pdf`, body), 500, 'PDF_GENERATION_FAILED');
    renderer.mode = 'not-pdf';
    expectEnvelope(await postJson(`${api}/sessions/${id}/generate-pdf`, body), 500, 'PDF_GENERATION_FAILED');
    const port = Number(new URL(renderer.url).port);
    await renderer.stop();
    try {
      expectEnvelope(await postJson(`${api}/sessions/${id}/generate-pdf`, body), 503, 'PDF_RENDERER_UNAVAILABLE');
    } finally {
      await renderer.start(port);
    }
    expect((await call(`${api}/sessions/${id}`)).json.pdfUrl).toBeNull();
  });
});
