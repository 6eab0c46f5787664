import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GrpcClientPool } from '@evalplan/common/grpc';
import { createLogger } from '@evalplan/common/logging';
import type { ServiceHost } from '@evalplan/common/runtime';
import { loadProtos, type types } from '@evalplan/protos';
import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import S3rver from 's3rver';
import { createPdfStore } from './storage/create-store';
import { pdfKey, pdfUrlOf } from './storage/keys';
import type { PdfStore } from './storage/pdf-store';
import type * as PdfServiceModule from './index';

/**
 * PDF retention through pdf-service's gRPC API, on local files and on S3
 * (s3rver): versions kept per owner, deletion with an owner (its origin
 * session, a time limit, a reason), the owners that have files, and the
 * evalplan.pdf.files.deleted metric by reason.
 */

/** Reads the process's metrics on demand. */
class TestMetricReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}
const reader = new TestMetricReader();
// Before pdf-service's modules load (below, in beforeAll): their instruments come from the global provider.
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));

/** Files deleted so far for one reason, as the metric counts them. */
async function deletedFor(reason: string): Promise<number> {
  const { resourceMetrics } = await reader.collect();
  const metric = resourceMetrics.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .find((m) => m.descriptor.name === 'evalplan.pdf.files.deleted');
  const point = metric?.dataPoints.find((p) => p.attributes['evalplan.pdf.reason'] === reason);
  return (point?.value as number | undefined) ?? 0;
}

const BASE = 'https://plans.example.org';
const HOUR = 3_600_000;
const KEEP = 2;
const PdfClient = loadProtos().pdf.PdfService;
const nanosOf = (pdfUrl: string) => BigInt(/\/(\d+)\.pdf$/.exec(pdfUrl)![1]!);

describe.each(['local', 's3'] as const)('PDF retention on %s storage, through gRPC', (storage) => {
  let s3: S3rver | undefined;
  let service: ServiceHost;
  let pdf: GrpcClientPool<types.PdfServiceClient>;
  /** The same storage as pdf-service's, to put files there as if rendered long ago. */
  let store: PdfStore;
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const env: Record<string, string> = {
      PDF_SERVICE_ADDR: '127.0.0.1:0',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'pdf-retention-')),
      PUBLIC_BASE_URL: BASE,
      PDF_KEEP_VERSIONS: String(KEEP),
      PDF_RENDER_THREADS: '1',
    };
    if (storage === 's3') {
      s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: await mkdtemp(path.join(os.tmpdir(), 's3rver-')) });
      const address = (await s3.run()) as AddressInfo;
      Object.assign(env, {
        S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
        S3_BUCKET: 'evalplan-retention',
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
      });
    }
    // Required only now, after the meter provider above is registered, so the service's instruments bind to it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createPdfService, loadPdfConfig } = require('./index') as typeof PdfServiceModule;
    const logger = createLogger({
      name: 'pdf-service',
      level: 'info',
      destination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
    });
    const config = loadPdfConfig(env);
    service = createPdfService(config, logger);
    store = createPdfStore(config, createLogger({ name: 'test', level: 'silent' }));
    const port = await service.start();
    pdf = new GrpcClientPool(PdfClient, { name: 'pdf-service', target: `127.0.0.1:${port}`, connections: 1, deadlineMs: 30_000 });
  }, 60_000);
  afterAll(async () => {
    pdf?.close();
    await service?.stop();
    await s3?.close();
  });

  const render = async (owner: 'projects' | 'sessions', id: string, recordedPdfUrl = '') =>
    (await pdf.unary('RenderPlan', { owner, id, document: { title: 'Retention' }, options: {}, recordedPdfUrl })).pdfUrl;
  const listed = async (request: types.ListPdfsRequest) => (await pdf.unary('ListPdfs', request)).pdfs;
  /** Stores a PDF of the project as if rendered `ageMs` ago (its name is its render time); its URL. */
  const storedAgo = async (project: string, ageMs: number) => {
    const key = pdfKey('projects', project, BigInt(Date.now() - ageMs) * 1_000_000n);
    await store.put(key, Buffer.from('%PDF-1.4\n%%EOF\n'));
    return pdfUrlOf(BASE, key);
  };

  it(`keeps an owner's newest ${KEEP} PDFs after a render, the one just rendered among them, and counts the rest as retention`, async () => {
    const project = randomUUID();
    const old = [await storedAgo(project, 3 * HOUR), await storedAgo(project, 2 * HOUR), await storedAgo(project, HOUR)];
    const before = await deletedFor('retention');
    const rendered = await render('projects', project);
    const kept = await listed({ owner: 'projects', id: project });
    expect(kept.map((file) => file.pdfUrl)).toEqual([old[2], rendered]);
    let bytes = 0;
    for await (const chunk of pdf.stream('ReadPdf', { pdfUrl: rendered })) bytes += chunk.data.length;
    expect(kept[1]!.size).toBe(bytes);
    expect(bytes).toBeGreaterThan(1000);
    expect((await deletedFor('retention')) - before).toBe(2);
  });

  it(`never prunes the recorded PDF, however many newer renders were not recorded, nor files renders may still record`, async () => {
    const project = randomUUID();
    const recorded = await storedAgo(project, 3 * HOUR);
    const others = [await storedAgo(project, 2 * HOUR), await storedAgo(project, HOUR)];
    // KEEP + 1 renders whose callers never recorded them (they left, or a step was saved meanwhile).
    const renders: string[] = [];
    for (let i = 0; i <= KEEP; i++) renders.push(await render('projects', project, recorded));
    const kept = (await listed({ owner: 'projects', id: project })).map((file) => file.pdfUrl);
    // The renders are all younger than RenderPlan's deadline: each may still be recorded by its caller.
    expect(kept).toEqual([recorded, ...renders]);
    for (const other of others) expect(kept).not.toContain(other);
  });

  it('deletes a project with its origin session’s files, answers how many, logs it and counts it as owner_deleted', async () => {
    const project = randomUUID();
    const origin = randomUUID();
    const sessionUrl = await render('sessions', origin);
    const projectUrl = await render('projects', project);
    const request = { owner: 'projects', id: project, originSessionId: origin, pdfUrl: projectUrl };
    expect((await listed(request)).map((file) => file.pdfUrl)).toEqual([sessionUrl, projectUrl]);
    const before = await deletedFor('owner_deleted');
    expect(await pdf.unary('DeletePdfs', request)).toEqual({ deleted: 2 });
    expect(await listed(request)).toEqual([]);
    expect((await deletedFor('owner_deleted')) - before).toBe(2);
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: 'stored PDFs deleted', reason: 'owner_deleted', owner: 'projects', id: project, deleted: 2 }),
    );
    // Again: nothing left, nothing counted.
    expect(await pdf.unary('DeletePdfs', request)).toEqual({ deleted: 0 });
    expect((await deletedFor('owner_deleted')) - before).toBe(2);
  });

  it('deletes only the files rendered before rendered_before_ms, then the rest, counted by the reason given', async () => {
    const session = randomUUID();
    const first = await render('sessions', session);
    const second = await render('sessions', session);
    const [orphans, expired] = [await deletedFor('orphan'), await deletedFor('session_expired')];
    const secondMs = Number(nanosOf(second) / 1_000_000n);
    expect(await pdf.unary('DeletePdfs', { owner: 'sessions', id: session, renderedBeforeMs: secondMs, reason: 'orphan' })).toEqual({
      deleted: 1,
    });
    expect((await listed({ owner: 'sessions', id: session })).map((file) => file.pdfUrl)).toEqual([second]);
    expect(first).not.toBe(second);
    expect(await pdf.unary('DeletePdfs', { owner: 'sessions', id: session, reason: 'session_expired' })).toEqual({ deleted: 1 });
    expect((await deletedFor('orphan')) - orphans).toBe(1);
    expect((await deletedFor('session_expired')) - expired).toBe(1);
  });

  it('pages through the owners that have files, in key order, until next_after is empty', async () => {
    const sessions = [randomUUID(), randomUUID(), randomUUID()];
    for (const session of sessions) await render('sessions', session);
    const pages: string[][] = [];
    let after = '';
    do {
      const page = await pdf.unary('ListPdfFolders', { owner: 'sessions', after, limit: 1 });
      pages.push(page.ids);
      after = page.nextAfter;
    } while (after !== '' && pages.length < 100);
    const ids = pages.flat();
    expect(pages.every((page) => page.length === 1)).toBe(true);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(sessions));
    const all = await pdf.unary('ListPdfFolders', { owner: 'sessions', after: '', limit: 0 });
    expect(all).toEqual({ ids, nextAfter: '' });
  });

  it('counts a file its owner could not record as unrecorded, once', async () => {
    const pdfUrl = await render('projects', randomUUID());
    const before = await deletedFor('unrecorded');
    await pdf.unary('DeletePdf', { pdfUrl });
    await pdf.unary('DeletePdf', { pdfUrl });
    expect((await deletedFor('unrecorded')) - before).toBe(1);
  });

  it.each<[string, () => Promise<unknown>]>([
    ['an unknown reason', () => pdf.unary('DeletePdfs', { owner: 'projects', id: randomUUID(), reason: 'cleanup' })],
    ['a negative rendered_before_ms', () => pdf.unary('DeletePdfs', { owner: 'sessions', id: randomUUID(), renderedBeforeMs: -1 })],
    ['an origin session that is no id', () => pdf.unary('ListPdfs', { owner: 'projects', id: randomUUID(), originSessionId: 'x' })],
    ['an unknown owner kind', () => pdf.unary('ListPdfFolders', { owner: 'users', after: '', limit: 10 })],
    ['an after that is no id', () => pdf.unary('ListPdfFolders', { owner: 'projects', after: '../', limit: 10 })],
    ['a limit over 1000', () => pdf.unary('ListPdfFolders', { owner: 'projects', after: '', limit: 1001 })],
  ])('answers INVALID_INPUT for %s', async (_case, call) => {
    await expect(call()).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
