import { availableParallelism } from 'node:os';
import {
  type ConfigOf,
  dataDirSettings,
  defineSettings,
  type Env,
  type EnvReader,
  loadSettings,
  serviceSettings,
} from '@evalplan/common/config';
import { mailSettings } from '@evalplan/common/mail';
import { pdfRendererTimeoutSettings } from './contracts';

/** S3-compatible storage for the PDFs, all four settings together; none keeps them in DATA_DIR/files. */
const storageSettings = defineSettings((read) => {
  const endpoint = read.url('S3_ENDPOINT', ['http:', 'https:']);
  const bucket = read.optionalString('S3_BUCKET');
  const accessKey = read.optionalString('S3_ACCESS_KEY');
  const secretKey = read.optionalString('S3_SECRET_KEY');
  const region = read.string('S3_REGION', 'us-east-1');
  const given = [endpoint, bucket, accessKey, secretKey].filter((value) => value !== undefined).length;
  if (given > 0 && given < 4) {
    read.problems.push('S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY must be set together (or none, for local storage)');
  }
  if (bucket !== undefined && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    read.problems.push(`S3_BUCKET must be a valid bucket name (got "${bucket}")`);
  }
  const s3 =
    endpoint !== undefined && bucket !== undefined && accessKey !== undefined && secretKey !== undefined
      ? { endpoint, bucket, accessKey, secretKey, region }
      : undefined;
  return { s3 };
});

/** Rendering and the base of the public links it hands out. */
const deliverySettings = defineSettings((read) => {
  const publicBaseUrl = read.url('PUBLIC_BASE_URL', ['http:', 'https:'], 'http://localhost:8080') ?? 'http://localhost:8080';
  return {
    publicBaseUrl: publicBaseUrl.replace(/(?<!\/)\/+$/, ''),
    pdfHtmlRendererUrl: read.url('PDF_HTML_RENDERER_URL', ['http:', 'https:']),
    /** Worker threads of the built-in PDF layout (default: one per CPU). */
    pdfRenderThreads: read.integer('PDF_RENDER_THREADS', availableParallelism(), 1, 64),
    pdfTemplateTimeLimitMs: templateTimeLimit(read),
  };
});

/**
 * How long checking and filling one custom template may run on its worker
 * thread before it is answered "too complex". Well under GRPC_DEADLINE, so
 * that a caller hears why rather than timing out.
 */
function templateTimeLimit(read: EnvReader): number {
  const limitMs = read.duration('PDF_TEMPLATE_TIME_LIMIT', '1s');
  if (limitMs < 10 || limitMs > 60_000) read.problems.push('PDF_TEMPLATE_TIME_LIMIT must be from 10ms to 1m');
  return limitMs;
}

/**
 * How many PDFs each project and session keeps: older ones are deleted after
 * each render. The callers' GRPC_DEADLINE, with the renderer's timeout, makes
 * RenderPlan's deadline (contracts): files younger than that may still be
 * recorded, so pruning leaves them.
 */
const retentionSettings = defineSettings((read) => ({
  pdfKeepVersions: read.integer('PDF_KEEP_VERSIONS', 5, 1, 1000),
  grpcDeadlineMs: read.duration('GRPC_DEADLINE', '5s'),
}));

/** Everything pdf-service reads: no database, no cache, no JWT secret, no other service's address (it calls none). */
export const pdfSettings = [
  serviceSettings('pdf'),
  dataDirSettings,
  pdfRendererTimeoutSettings,
  storageSettings,
  retentionSettings,
  deliverySettings,
  mailSettings,
] as const;
export type PdfConfig = ConfigOf<typeof pdfSettings>;

export const loadPdfConfig = (env?: Env): PdfConfig => loadSettings(pdfSettings, env);
