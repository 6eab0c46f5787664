import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, readlink, realpath, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import path from 'node:path';
import { testEnv } from './helpers/env';
import { ServiceProcesses } from './helpers/service-processes';
import { call } from './helpers/stack';
import { completeSession, generatePdf, localPath } from './helpers/wizard-flows';

/**
 * A PDF download outlives the pdf-service replica sending it (gateway/src/routes/pdf.ts, MAX_DOWNLOAD_RESUMES):
 * two replicas share one storage folder, a client holds a multi-MB download paused mid-file, the replica that
 * is reading the file for it is killed (SIGKILL), and the client reads on. Services mode only (jest.config.js):
 * the embedded stack runs one pdf-service in process, with no replica to lose or to resume from.
 */

const PDF_REPLICAS = [0, 1] as const;
/** Far more than the socket buffers between replica and client hold (a few MB each on loopback): a paused client stalls the replica mid-file. */
const FILE_BYTES = 32 * 1024 * 1024;
/** Time for every buffer on the way to the paused client to fill, so the transfer stands still. */
const STALL_MS = 500;
/** A cut download ends once the gateway has waited its gRPC deadline (GRPC_DEADLINE, 5 s) for a replica to resume from. */
const FINISH_TIMEOUT_MS = 20_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The rendered PDF grown to FILE_BYTES past its end; each 4-byte word of the filler holds its index, so bytes skipped or sent twice cannot hash the same. */
function grownPdf(rendered: Buffer): Buffer {
  const words = Math.ceil((FILE_BYTES - rendered.length) / 4);
  const filler = Buffer.from(Uint32Array.from({ length: words }, (_, index) => index).buffer);
  return Buffer.concat([rendered, filler]).subarray(0, FILE_BYTES);
}

interface PausedDownload {
  response: IncomingMessage;
  received(): number;
  /** Reads on until the answer ends or is cut (at most `timeoutMs`): the bytes, and whether the whole answer came. */
  finish(timeoutMs: number): Promise<{ body: Buffer; complete: boolean }>;
  abandon(): void;
}

/** A GET that stops reading after the first chunk of the body, as a slow client does, until finish(). */
function pausedDownload(port: number, urlPath: string): Promise<PausedDownload> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let received = 0;
      const closed = new Promise<void>((done) => response.once('close', done));
      // A cut answer emits 'error' (aborted): the test reads that from `complete`.
      response.on('error', () => undefined);
      const download: PausedDownload = {
        response,
        received: () => received,
        finish: async (timeoutMs) => {
          response.resume();
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([closed, new Promise((done) => (timer = setTimeout(done, timeoutMs)))]);
          clearTimeout(timer);
          return { body: Buffer.concat(chunks), complete: response.complete };
        },
        abandon: () => request.destroy(),
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (chunks.length === 1) {
          response.pause();
          resolve(download);
        }
      });
      // An answer without a body (an error) is handed over too, for the test to see its status.
      void closed.then(() => resolve(download));
    });
    request.on('error', reject);
  });
}

describe('a PDF download when the pdf-service replica sending it dies mid-file', () => {
  let processes: ServiceProcesses;
  let dataDir: string;
  let publicPath: string;
  let storedFile: string;
  let storedSha256: string;
  const killed = new Set<number>();
  const downloads: PausedDownload[] = [];

  const killPdfReplica = async (replica: number): Promise<void> => {
    killed.add(replica);
    await processes.kill('pdf', replica);
  };

  /** The pdf-service replicas holding the stored file open now (Linux /proc): the one streaming it keeps it open until its last byte is sent. */
  async function replicasReadingTheFile(): Promise<number[]> {
    const holders: number[] = [];
    for (const replica of PDF_REPLICAS) {
      if (killed.has(replica)) continue;
      const fdDir = `/proc/${processes.pidOf('pdf', replica)}/fd`;
      const targets = await Promise.all((await readdir(fdDir)).map((fd) => readlink(path.join(fdDir, fd)).catch(() => '')));
      if (targets.includes(storedFile)) holders.push(replica);
    }
    return holders;
  }

  /** Starts a download, lets it stall behind the paused client and answers which replica is sending it. */
  async function stalledDownload(): Promise<{ download: PausedDownload; serving: number }> {
    const download = await pausedDownload(processes.gatewayPort, publicPath);
    downloads.push(download);
    expect(download.response.statusCode).toBe(200);
    await sleep(STALL_MS);
    const holders = await replicasReadingTheFile();
    // Mid-file: exactly one replica is still sending it and the client has only part of it.
    expect({ replicasSending: holders.length, clientHasItAll: download.received() >= FILE_BYTES }).toEqual({
      replicasSending: 1,
      clientHasItAll: false,
    });
    return { download, serving: holders[0]! };
  }

  beforeAll(async () => {
    // One DATA_DIR for both replicas: its files/ folder is their shared storage, as a volume or a bucket would be.
    dataDir = await mkdtemp(path.join(testEnv.workDir, 'download-resume-'));
    processes = await ServiceProcesses.start(
      { databaseUrl: testEnv.databaseUrl, redisUrl: testEnv.redisUrl, workDir: testEnv.workDir },
      { replicas: PDF_REPLICAS.length, env: { DATA_DIR: dataDir } },
    );
    const api = `http://127.0.0.1:${processes.gatewayPort}/api/v1`;
    const generated = await generatePdf(api, `sessions/${await completeSession(api)}`);
    expect(generated.status).toBe(200);
    publicPath = localPath(generated.json.pdfUrl as string);
    // The key behind /files/pdfs/<…> is pdfs/<…> under DATA_DIR/files.
    storedFile = await realpath(path.join(dataDir, publicPath));
    // Written before any download starts: each ReadPdf call must find the very same file (etag and size).
    const pdf = grownPdf(await readFile(storedFile));
    await writeFile(storedFile, pdf);
    storedSha256 = sha256(pdf);
  }, 120_000);

  beforeEach(async () => {
    for (const replica of killed) await processes.launch('pdf', replica);
    killed.clear();
  });

  afterEach(() => {
    for (const download of downloads.splice(0)) download.abandon();
  });

  afterAll(async () => {
    await processes?.stopAll();
  });

  it('continues from the other replica: the client gets the whole file, byte for byte', async () => {
    const { download, serving } = await stalledDownload();

    await killPdfReplica(serving);
    const { body, complete } = await download.finish(FINISH_TIMEOUT_MS);

    expect(download.response.headers['content-length']).toBe(String(FILE_BYTES));
    expect({ complete, bytes: body.length, sha256: sha256(body) }).toEqual({ complete: true, bytes: FILE_BYTES, sha256: storedSha256 });
  });

  it('is cut, not ended as if whole, when no replica is left; the gateway answers the next request', async () => {
    const { download, serving } = await stalledDownload();

    // The idle replica first: the serving one's death then leaves the gateway nothing to resume from.
    await killPdfReplica(PDF_REPLICAS.find((replica) => replica !== serving)!);
    await killPdfReplica(serving);
    const { body, complete } = await download.finish(FINISH_TIMEOUT_MS);

    expect({ complete, closed: download.response.closed, short: body.length < FILE_BYTES }).toEqual({
      complete: false,
      closed: true,
      short: true,
    });
    const health = await call(`http://127.0.0.1:${processes.gatewayPort}/health`);
    expect({ status: health.status, body: health.json as unknown }).toEqual({ status: 200, body: { status: 'ok' } });
    expect(processes.unexpectedExits()).toEqual([]);
  });
});
