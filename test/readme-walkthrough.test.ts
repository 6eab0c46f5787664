import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { CONVERT_PATH, createDevRenderer } from '@evalplan/stack/dist/dev-renderer';
import { pdfText } from './helpers/pdf-text';
import { ROOT } from './helpers/process';
import { startSmtp } from './helpers/smtp-peer';
import { startTestStack, type TestStack } from './helpers/stack';

/**
 * The README's walkthrough, run as written: every sh block between its
 * "walkthrough" and "end of walkthrough" markers, in one bash, against a
 * stack set up as the README tells a newcomer to (a renderer and a mail
 * server in .env), with only the gateway's address swapped for this stack's.
 * A step that answers anything but 2xx, or a PDF that does not come out, is
 * a wrong step in the README.
 */

const run = promisify(execFile);

/**
 * Each walkthrough of the README and of docs/accounts.md (linked from it): the sh blocks between one
 * "walkthrough" marker and the next "end of walkthrough".
 */
async function walkthroughs(): Promise<Map<string, string>> {
  const readme = (await Promise.all(['README.md', 'docs/accounts.md'].map((file) => readFile(path.join(ROOT, file), 'utf8')))).join('\n');
  const scripts = new Map<string, string>();
  for (const region of readme.matchAll(/<!-- walkthrough: ([^(\n]*[^\s(])\s*(?:\([^()\n]*\))? -->([\s\S]*?)<!-- end of walkthrough -->/g)) {
    const blocks = [...region[2]!.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
    scripts.set(region[1]!.trim(), blocks.join('\n'));
  }
  return scripts;
}

/** Runs a walkthrough as a newcomer pastes it, against this stack, in the test's directory. */
async function runWalkthrough(name: string): Promise<void> {
  const script = (await walkthroughs()).get(name);
  if (script === undefined) throw new Error(`neither README.md nor docs/accounts.md has a walkthrough "${name}"`);
  // The .env lines in a walkthrough only set shell variables here; the stack already has them.
  await run('bash', ['-euo', 'pipefail', '-c', script.replaceAll('http://localhost:8080', stack.url)], {
    cwd: dir,
    timeout: 120_000,
    maxBuffer: 8 * 1024 * 1024,
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The gateway's access-log lines since `from`: what the walkthrough asked and what it got. */
const requestsSince = (from: number) => stack.logs.slice(from).filter((line) => line.service === 'gateway' && line.msg === 'request');

let stack: TestStack;
/** `npm run renderer`: what the README offers those without Docker. */
let renderer: Server;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let dir: string;

beforeAll(async () => {
  renderer = createDevRenderer();
  await new Promise<void>((resolve) => renderer.listen(0, '127.0.0.1', resolve));
  const rendererUrl = `http://127.0.0.1:${(renderer.address() as AddressInfo).port}${CONVERT_PATH}`;
  smtp = await startSmtp();
  stack = await startTestStack({ PDF_HTML_RENDERER_URL: rendererUrl, SMTP_URL: smtp.url }, { captureLogs: true });
  dir = await mkdtemp(path.join(os.tmpdir(), 'evalplan-readme-'));
});

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => renderer?.close(resolve));
  await smtp?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('walks from an anonymous session to a built-in PDF and its Markdown, an account, a project and a PDF from a template, as written', async () => {
  const from = stack.logs.length;
  await runWalkthrough('from a session to a PDF');
  const requests = requestsSince(from);
  expect(requests.length).toBeGreaterThanOrEqual(14);
  expect(requests.filter((line) => Number(line.status) >= 300).map((line) => `${line.method} ${line.route} ${line.status}`)).toEqual([]);

  expect(await pdfText(await readFile(path.join(dir, 'plan.pdf')))).toContain('Quest log redesign');
  const markdown = await readFile(path.join(dir, 'plan.md'), 'utf8');
  expect(markdown.startsWith('# Quest log redesign\n')).toBe(true);
  expect(markdown).toContain('\n## Goal coverage\n');
  const templated = await pdfText(await readFile(path.join(dir, 'plan-template.pdf')));
  expect(templated).toContain('Goals: Usability & Efficiency, Immersion / Flow / Focused Attention');
  expect(templated).toContain('Think-aloud testing');
  expect(smtp.received.map((mail) => mail.to)).toEqual([['ada@example.org']]);
  expect((await stat(path.join(dir, 'jar'))).size).toBeGreaterThan(0);
});

it('signs up, logs in, refreshes, logs out, lists sign-ins, changes the password, exports and deletes the account with the token the accounts example captures, twice in a row', async () => {
  for (const run of [1, 2]) {
    const from = stack.logs.length;
    await runWalkthrough('accounts');
    const answers = requestsSince(from).map((line) => `${line.method} ${line.route} ${line.status}`);
    expect([run, answers]).toEqual([
      run,
      [
        'POST /api/v1/auth/register 201',
        'POST /api/v1/auth/login 200',
        'GET /api/v1/auth/me 200',
        'POST /api/v1/auth/refresh 200',
        'POST /api/v1/auth/logout 200',
        'POST /api/v1/auth/login 200',
        'GET /api/v1/auth/sessions 200',
        'POST /api/v1/auth/password 200',
        'GET /api/v1/auth/me/export 200',
        'DELETE /api/v1/auth/me 204',
      ],
    ]);
  }
});
