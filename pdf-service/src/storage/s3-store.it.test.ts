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

  const store = (bucket: string) => new S3PdfStore({ endpoint, bucket, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' });

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
});
