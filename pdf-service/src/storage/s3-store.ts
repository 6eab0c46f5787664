import type * as MinioTypes from 'minio';
import type { Readable } from 'node:stream';
import type { ListedObject, PdfStore, StoredPdf } from './pdf-store';

/** S3's own cap on the keys one ListObjectsV2 answer holds. */
const MAX_PAGE_SIZE = 1000;

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

  constructor(
    private readonly settings: S3Settings,
    /** Keys asked for per listing request (S3 answers at most 1000); smaller only in tests, to see the paging. */
    private readonly pageSize = MAX_PAGE_SIZE,
  ) {
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

  async delete(key: string): Promise<boolean> {
    await this.ensureBucket();
    // Asked first: S3 answers a delete alike whether or not the object was there.
    try {
      await this.client.statObject(this.settings.bucket, key);
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    await this.client.removeObject(this.settings.bucket, key);
    return true;
  }

  async deleteKeys(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.ensureBucket();
    // removeObjects sends batches of 1000 and reports per-object failures in its result instead of throwing.
    const results = await this.client.removeObjects(this.settings.bucket, keys);
    const failed = results.flatMap((result) => (result?.Error ? [result.Error] : []));
    if (failed.length > 0) throw new Error(`could not delete ${failed.length} object(s), first ${failed[0]!.Key}: ${failed[0]!.Code}`);
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = (await this.list(prefix)).map((object) => object.key);
    await this.deleteKeys(keys);
    return keys.length;
  }

  async list(prefix: string): Promise<ListedObject[]> {
    if (!prefix.endsWith('/')) throw new Error('prefix must name a folder');
    const listed: ListedObject[] = [];
    for await (const page of this.pages({ prefix, delimiter: '', startAfter: '', wanted: () => this.pageSize })) {
      for (const item of page) if (item.name) listed.push({ key: item.name, size: item.size });
    }
    return listed;
  }

  async listFolders(prefix: string, after: string, limit: number): Promise<string[]> {
    if (!prefix.endsWith('/')) throw new Error('prefix must name a folder');
    const folders: string[] = [];
    // "<after>0" ('0' follows '/'): past every key of the folder `after` ("<after>/…") and before any key of a
    // folder after it in key order, whatever the names' lengths.
    const startAfter = after ? `${prefix}${after}0` : '';
    const wanted = () => Math.min(this.pageSize, limit - folders.length);
    for await (const page of this.pages({ prefix, delimiter: '/', startAfter, wanted })) {
      for (const item of page) {
        const name = item.prefix?.slice(prefix.length, -1);
        if (name && `${name}/` > `${after}/` && folders.length < limit) folders.push(name);
      }
      if (folders.length >= limit) break;
    }
    return folders;
  }

  /**
   * ListObjectsV2 answers one page after another, following each truncated
   * answer's continuation token, until the listing ends or `wanted` (the keys
   * to ask for next) reaches 0.
   */
  private async *pages(options: { prefix: string; delimiter: string; startAfter: string; wanted: () => number }) {
    await this.ensureBucket();
    let continuationToken = '';
    for (;;) {
      const wanted = options.wanted();
      if (wanted <= 0) return;
      const page = await this.client.listObjectsV2Query(
        this.settings.bucket,
        options.prefix,
        continuationToken,
        options.delimiter,
        wanted,
        options.startAfter,
      );
      yield page.objects;
      if (!page.isTruncated || !page.nextContinuationToken) return;
      continuationToken = page.nextContinuationToken;
    }
  }
}
