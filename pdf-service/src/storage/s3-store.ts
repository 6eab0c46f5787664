import type * as MinioTypes from 'minio';
import type { Readable } from 'node:stream';
import type { PdfStore, StoredPdf } from './pdf-store';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchBucket';
}

/**
 * PDFs in any S3 API (MinIO in compose and Kubernetes) through the minio
 * client, with the same operations as the local store. The bucket is created
 * when it is missing.
 */
export class S3PdfStore implements PdfStore {
  readonly kind = 's3';

  private readonly client: MinioTypes.Client;
  private ready: Promise<void> | undefined;

  constructor(private readonly settings: S3Settings) {
    const url = new URL(settings.endpoint);
    // Loaded only when S3 is configured: about 20 MB the default deployment (local files) does not need.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Minio = require('minio') as typeof MinioTypes;
    this.client = new Minio.Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      useSSL: url.protocol === 'https:',
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      region: settings.region,
      pathStyle: true,
    });
  }

  /** Creates the bucket once if it does not exist; retried on the next call after a failure. */
  ensureBucket(): Promise<void> {
    this.ready ??= (async () => {
      if (!(await this.client.bucketExists(this.settings.bucket))) {
        await this.client.makeBucket(this.settings.bucket, this.settings.region);
      }
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async put(key: string, pdf: Buffer): Promise<void> {
    await this.ensureBucket();
    await this.client.putObject(this.settings.bucket, key, pdf, pdf.length, { 'Content-Type': 'application/pdf' });
  }

  async get(key: string): Promise<StoredPdf | undefined> {
    await this.ensureBucket();
    try {
      const info = await this.client.statObject(this.settings.bucket, key);
      const body: Readable = await this.client.getObject(this.settings.bucket, key);
      return { size: info.size, lastModified: info.lastModified, body };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.ensureBucket();
    await this.client.removeObject(this.settings.bucket, key);
  }

  async list(prefix: string): Promise<string[]> {
    if (!prefix.endsWith('/')) throw new Error('prefix must name a folder');
    await this.ensureBucket();
    const names: string[] = [];
    for await (const item of this.client.listObjectsV2(this.settings.bucket, prefix, true) as AsyncIterable<{ name?: string }>) {
      if (item.name) names.push(item.name);
    }
    return names;
  }

  async deletePrefix(prefix: string): Promise<void> {
    const names = await this.list(prefix);
    if (names.length === 0) return;
    // removeObjects reports per-object failures in its result instead of throwing.
    const results = await this.client.removeObjects(this.settings.bucket, names);
    const failed = results.flatMap((result) => (result?.Error ? [result.Error] : []));
    if (failed.length > 0) throw new Error(`could not delete ${failed.length} object(s), first ${failed[0]!.Key}: ${failed[0]!.Code}`);
  }
}
