import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as Minio from 'minio';
import S3rver from 's3rver';
import { createClientPool } from '@evalplan/common/grpc';
import { createLogger } from '@evalplan/common/logging';
import { loadProtos, type types } from '@evalplan/protos';
import { pdfOrphanSweepTask } from '../wizard-service/src/use-cases/housekeeping';
import { pdfServiceFiles } from '../wizard-service/src/clients/pdf-service-calls';
import { SqlPdfOwnerRows } from '../wizard-service/src/repositories/pdf-owners';
import { SqlTaskLeases } from '../wizard-service/src/repositories/task-leases';
import { PdfOrphanSweep } from '../wizard-service/src/use-cases/pdf-orphan-sweep';
import { bearer, signUp, type SignedUp } from './helpers/auth';
import { call, expectEnvelope, startTestStack, type TestStack } from './helpers/stack';
import { completeProject, completeSession, generatePdf, localPath, storedFiles, storeFile, convertSession } from './helpers/wizard-flows';

const PUBLIC_BASE_URL = 'https://plans.example.org';
const DAY_MS = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds or `timeoutMs` passes; whether it held. */
async function eventually(done: () => Promise<boolean>, timeoutMs = 15_000): Promise<boolean> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > giveUpAt) return false;
    await sleep(100);
  }
}

describe('PDF retention', () => {
  describe.each(['s3', 'local'] as const)('a generation racing the deletion of its project (%s storage)', (storage) => {
    const BUCKET = 'evalplan-pdf-race';
    let s3: S3rver | undefined;
    let bucket: Minio.Client | undefined;
    let stack: TestStack;
    let api: string;
    let ada: SignedUp;

    beforeAll(async () => {
      let settings: Record<string, string> = {};
      if (storage === 's3') {
        s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: await mkdtemp(path.join(os.tmpdir(), 's3rver-')) });
        const { port } = (await s3.run()) as AddressInfo;
        const credentials = { accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' };
        bucket = new Minio.Client({ endPoint: '127.0.0.1', port, useSSL: false, pathStyle: true, ...credentials });
        settings = {
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_BUCKET: BUCKET,
          S3_ACCESS_KEY: credentials.accessKey,
          S3_SECRET_KEY: credentials.secretKey,
        };
      }
      stack = await startTestStack({ PUBLIC_BASE_URL, ...settings });
      api = `${stack.url}/api/v1`;
      ada = await signUp(stack.url);
    }, 60_000);
    afterAll(async () => {
      await stack?.stop();
      await s3?.close();
    });

    /** The project's stored PDFs, wherever this stack keeps them. */
    async function storedPdfs(projectId: string): Promise<string[]> {
      if (!bucket) return (await storedFiles(stack, 'projects', projectId)).filter((name) => name.endsWith('.pdf'));
      if (!(await bucket.bucketExists(BUCKET))) return [];
      const names: string[] = [];
      for await (const item of bucket.listObjectsV2(BUCKET, `pdfs/projects/${projectId}/`, true) as AsyncIterable<{ name?: string }>) {
        if (item.name) names.push(item.name);
      }
      return names;
    }

    it('leaves no file of the project behind, whichever finishes first', async () => {
      for (let round = 0; round < 16; round++) {
        const projectId = await completeProject(api, ada);
        // The DELETE starts at a different point of the render each round: before, during and after it.
        const [generated, deleted] = await Promise.all([
          generatePdf(api, `projects/${projectId}`, ada),
          sleep(round * 12).then(() => call(`${api}/projects/${projectId}`, { method: 'DELETE', headers: bearer(ada.accessToken) })),
        ]);
        expect(deleted.status).toBe(204);
        if (generated.status === 200) {
          expectEnvelope(await call(`${stack.url}${localPath(generated.json.pdfUrl as string)}`), 404, 'PDF_NOT_FOUND');
        } else {
          expectEnvelope(generated, 404, 'PROJECT_NOT_FOUND');
        }
        expect({ round, files: await storedPdfs(projectId) }).toEqual({ round, files: [] });
      }
    });
  });

  describe('the purge of expired sessions', () => {
    let stack: TestStack;
    let api: string;

    beforeAll(async () => {
      stack = await startTestStack({ PUBLIC_BASE_URL, SESSION_PURGE_INTERVAL: '300ms' });
      api = `${stack.url}/api/v1`;
    }, 60_000);
    afterAll(async () => {
      await stack?.stop();
    });

    it("deletes an expired session's PDFs with its row, and leaves a live session's alone", async () => {
      const expired = await completeSession(api);
      const live = await completeSession(api);
      const expiredPdf = (await generatePdf(api, `sessions/${expired}`)).json.pdfUrl as string;
      const livePdf = (await generatePdf(api, `sessions/${live}`)).json.pdfUrl as string;
      await stack.db.pool.query(`UPDATE wizard_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired]);

      expect(await eventually(async () => (await storedFiles(stack, 'sessions', expired)).length === 0)).toBe(true);
      const rows = await stack.db.pool.query('SELECT id FROM wizard_sessions WHERE id = ANY($1::uuid[])', [[expired, live]]);
      expect(rows.rows.map((row) => row.id)).toEqual([live]);
      expectEnvelope(await call(`${stack.url}${localPath(expiredPdf)}`), 404, 'PDF_NOT_FOUND');
      expect((await fetch(`${stack.url}${localPath(livePdf)}`)).status).toBe(200);
    });
  });

  describe('the orphan sweep', () => {
    let stack: TestStack;
    let api: string;
    let ada: SignedUp;
    const logs: Array<Record<string, unknown>> = [];

    beforeAll(async () => {
      stack = await startTestStack({ PUBLIC_BASE_URL });
      api = `${stack.url}/api/v1`;
      ada = await signUp(stack.url);
    }, 60_000);
    afterAll(async () => {
      await stack?.stop();
    });

    /**
     * One run of wizard-service's sweep task, as its timer would start it
     * (PDF_ORPHAN_SWEEP_INTERVAL is at least a minute), against the stack's
     * database and its pdf-service over gRPC; its log lines go to `logs`.
     */
    async function sweepOnce(): Promise<void> {
      const logger = createLogger({
        name: 'wizard-service',
        level: 'info',
        destination: { write: (line: string) => void logs.push(JSON.parse(line)) },
      });
      const pdf = createClientPool<types.PdfServiceClient>(
        loadProtos().pdf.PdfService,
        'pdf-service',
        stack.config.services.pdf.target,
        stack.config,
        logger,
      );
      try {
        // The lease of the run before: this run is another interval's.
        await stack.db.pool.query('DELETE FROM wizard_task_leases');
        const sweep = new PdfOrphanSweep(new SqlPdfOwnerRows(stack.db.pool), new SqlTaskLeases(stack.db.pool), pdfServiceFiles(pdf), {
          graceMs: stack.config.pdfOrphanGraceMs,
          leaseMs: stack.config.pdfOrphanSweepIntervalMs,
        });
        await pdfOrphanSweepTask(sweep, stack.config, logger).runOnce();
      } finally {
        pdf.close();
      }
    }

    it('deletes files older than the grace that no project or session owns, and keeps every other', async () => {
      const deletedProject = await completeProject(api, ada, 'Deleted');
      expect((await call(`${api}/projects/${deletedProject}`, { method: 'DELETE', headers: bearer(ada.accessToken) })).status).toBe(204);
      const orphanOld = await storeFile(stack, 'projects', deletedProject, 2 * DAY_MS);
      const orphanYoung = await storeFile(stack, 'projects', deletedProject, DAY_MS / 2);
      // A purged session whose files were left behind (pdf-service was away during the purge).
      const purgedSession = await completeSession(api);
      await stack.db.pool.query('DELETE FROM wizard_sessions WHERE id = $1', [purgedSession]);
      await storeFile(stack, 'sessions', purgedSession, 2 * DAY_MS);

      const liveProject = await completeProject(api, ada, 'Live');
      const liveOld = await storeFile(stack, 'projects', liveProject, 2 * DAY_MS);
      // Expired but not purged yet (SESSION_PURGE_INTERVAL is 10 minutes here): the purge will take its files.
      const unpurgedSession = await completeSession(api);
      await stack.db.pool.query(`UPDATE wizard_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [unpurgedSession]);
      const unpurgedOld = await storeFile(stack, 'sessions', unpurgedSession, 2 * DAY_MS);
      // A session converted into a project: its folder is the project's now.
      const originSession = await completeSession(api);
      const converted = await convertSession(api, originSession, ada, 'Converted');
      expect(converted.status).toBe(201);
      const originOld = await storeFile(stack, 'sessions', originSession, 2 * DAY_MS);
      // Converted by a replica older than migration 002 (a rolling deploy): no origin recorded, but its
      // pdf_url points into the session's folder.
      const legacySession = await completeSession(api);
      const legacyPdf = (await generatePdf(api, `sessions/${legacySession}`)).json.pdfUrl as string;
      const legacyConverted = await convertSession(api, legacySession, ada, 'Converted by an old replica');
      expect(legacyConverted.status).toBe(201);
      await stack.db.pool.query('UPDATE projects SET origin_session_id = NULL WHERE id = $1', [legacyConverted.json.id]);
      const legacyOld = await storeFile(stack, 'sessions', legacySession, 2 * DAY_MS);

      await sweepOnce();
      expect(await storedFiles(stack, 'projects', deletedProject)).toEqual([orphanYoung]);
      expect(await storedFiles(stack, 'sessions', purgedSession)).toEqual([]);
      expect(orphanOld).toMatch(/\.pdf$/);
      expect(await storedFiles(stack, 'projects', liveProject)).toEqual([liveOld]);
      expect(await storedFiles(stack, 'sessions', unpurgedSession)).toEqual([unpurgedOld]);
      expect(await storedFiles(stack, 'sessions', originSession)).toEqual([originOld]);
      expect((await storedFiles(stack, 'sessions', legacySession)).sort()).toEqual([path.basename(legacyPdf), legacyOld].sort());
      expect((await fetch(`${stack.url}${localPath(legacyPdf)}`)).status).toBe(200);

      // An operator sees what the run did.
      expect(logs.filter((line) => line.msg === 'swept orphan PDFs').at(-1)).toMatchObject({
        project_files_deleted: 1,
        session_files_deleted: 1,
      });
    });

    it('counts every file it deleted when many orphans share a page', async () => {
      let files = 0;
      for (let i = 0; i < 12; i++) {
        const id = randomUUID();
        for (let file = 0; file <= i % 3; file++) {
          await storeFile(stack, 'projects', id, 2 * DAY_MS + file * 60_000);
          files += 1;
        }
      }
      await sweepOnce();
      expect(logs.filter((line) => line.msg === 'swept orphan PDFs').at(-1)).toMatchObject({ project_files_deleted: files });
    });
  });
});
