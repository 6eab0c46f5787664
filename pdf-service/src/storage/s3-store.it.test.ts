import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { ownerPrefix, pdfKey } from './keys';
import { S3PdfStore } from './s3-store';

const ID = '0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';

describe('S3PdfStore against s3rver', () => {
  let server: S3rver;
  let endpoint: string;

  beforeAll(async () => {
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: await mkdtemp(path.join(os.tmpdir(), 's3rver-')) });
    const address = (await server.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server.close();
  });

  const store = (bucket: string, pageSize?: number) =>
    new S3PdfStore({ endpoint, bucket, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' }, pageSize);

  it('creates a missing bucket, stores a PDF and reads it back with its size', async () => {
    const pdfs = store('evalplan-pdfs');
    const key = pdfKey('projects', ID, 7n);
    await pdfs.put(key, Buffer.from('%PDF-1.7 from s3'));
    const stored = await pdfs.get(key);
    expect(stored!.size).toBe(16);
    expect(await text(stored!.body)).toBe('%PDF-1.7 from s3');
  });

  it('answers undefined for a missing object', async () => {
    expect(await store('evalplan-pdfs').get(pdfKey('sessions', ID, 1n))).toBeUndefined();
  });

  it('deletes every object of one project and nothing else', async () => {
    const pdfs = store('evalplan-delete');
    const other = '1b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';
    await pdfs.put(pdfKey('projects', ID, 1n), Buffer.from('a'));
    await pdfs.put(pdfKey('projects', ID, 2n), Buffer.from('b'));
    await pdfs.put(pdfKey('projects', other, 1n), Buffer.from('c'));
    await pdfs.deletePrefix(ownerPrefix('projects', ID));
    expect(await pdfs.get(pdfKey('projects', ID, 1n))).toBeUndefined();
    expect(await pdfs.get(pdfKey('projects', ID, 2n))).toBeUndefined();
    expect((await pdfs.get(pdfKey('projects', other, 1n)))!.size).toBe(1);
  });

  it('lists the folders holding objects in key order, page by page, after a given one', async () => {
    const pdfs = store('evalplan-folders', 2);
    const ids = ['0a', '1b', '2c', '3d', '4e'].map((start) => `${start}5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10`);
    for (const id of [...ids].reverse()) {
      await pdfs.put(pdfKey('sessions', id, 1n), Buffer.from('x'));
      await pdfs.put(pdfKey('sessions', id, 2n), Buffer.from('y'));
    }
    await pdfs.put(pdfKey('projects', ID, 1n), Buffer.from('x'));
    expect(await pdfs.listFolders('pdfs/sessions/', '', 2)).toEqual(ids.slice(0, 2));
    expect(await pdfs.listFolders('pdfs/sessions/', ids[1]!, 2)).toEqual(ids.slice(2, 4));
    expect(await pdfs.listFolders('pdfs/sessions/', ids[3]!, 2)).toEqual(ids.slice(4));
    expect(await pdfs.listFolders('pdfs/sessions/', ids[4]!, 2)).toEqual([]);
    expect(await pdfs.listFolders('pdfs/projects/', '', 1000)).toEqual([ID]);
    // A folder whose last object went is no longer listed.
    await pdfs.deleteKeys([pdfKey('sessions', ids[0]!, 1n), pdfKey('sessions', ids[0]!, 2n)]);
    expect(await pdfs.listFolders('pdfs/sessions/', '', 1)).toEqual([ids[1]]);
  });

  it('says whether a deleted object was there', async () => {
    const pdfs = store('evalplan-delete-one');
    await pdfs.put(pdfKey('sessions', ID, 1n), Buffer.from('x'));
    expect(await pdfs.delete(pdfKey('sessions', ID, 1n))).toBe(true);
    expect(await pdfs.delete(pdfKey('sessions', ID, 1n))).toBe(false);
  });
});

/**
 * s3rver in a process of its own with OpenSSL's legacy provider: it signs the
 * continuation token of a truncated ListObjectsV2 answer with DES, which
 * OpenSSL 3 (Node 17 and later) refuses by default, so in this process it
 * answers every truncated listing with a 500.
 */
async function startLegacyS3rver(directory: string): Promise<{ endpoint: string; child: ChildProcess }> {
  const script = `new (require('s3rver'))({ port: 0, address: '127.0.0.1', silent: true, directory: process.argv[1] })
    .run().then((address) => console.log(address.port));`;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', script, directory], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return { endpoint: `http://127.0.0.1:${port}`, child };
}

describe('S3PdfStore listing truncated answers', () => {
  let server: { endpoint: string; child: ChildProcess };
  beforeAll(async () => {
    server = await startLegacyS3rver(await mkdtemp(path.join(os.tmpdir(), 's3rver-')));
  });
  afterAll(() => {
    server?.child.kill();
  });

  const store = (bucket: string, pageSize: number) =>
    new S3PdfStore({ endpoint: server.endpoint, bucket, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' }, pageSize);

  it('lists every object of a folder with its size, following truncated answers page after page', async () => {
    // Two keys per answer: five PDFs take three requests, and a listing that stopped after the first would miss three.
    const pdfs = store('evalplan-pages', 2);
    for (let n = 1n; n <= 5n; n += 1n) await pdfs.put(pdfKey('projects', ID, n), Buffer.alloc(Number(n) * 10));
    await pdfs.put(pdfKey('projects', '1b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10', 1n), Buffer.from('other'));
    const listed = await pdfs.list(ownerPrefix('projects', ID));
    expect(listed).toEqual([1, 2, 3, 4, 5].map((n) => ({ key: pdfKey('projects', ID, BigInt(n)), size: n * 10 })));
    expect(await pdfs.deletePrefix(ownerPrefix('projects', ID))).toBe(5);
    expect(await pdfs.list(ownerPrefix('projects', ID))).toEqual([]);
  });
});
