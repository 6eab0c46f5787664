import { loadProtos, type types } from '@evalplan/protos';
import { TcpProxy } from '../../../../test/helpers/tcp-proxy';
import { Status } from './codes';
import type { MethodDefinition } from './definitions';
import { type CallFailure, Http2Client, type Resume } from './http2-client';
import { Http2GrpcServer } from './http2-server';
import { writeMessage } from '../rpc/server-stream';

/**
 * Server streams on our client and server, with no grpc-js on either side:
 * a slow reader holds the server back instead of piling messages up, a
 * stream whose replica goes away part-way carries on from another one with
 * every byte once, and what cannot be read fails with the right status.
 */
const { PdfService } = loadProtos().pdf;
const ReadPdf = PdfService.ReadPdf as unknown as MethodDefinition;
const KiB = 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A "file" of 40 × 32 KiB, each piece filled with its own number: far more
 * than flow control lets into the client's buffers, so a replica cut while
 * the reader is at its third piece still has most of the file to send.
 */
const PIECES = 40;
const FILE = Buffer.concat(Array.from({ length: PIECES }, (_, index) => Buffer.alloc(32 * KiB, index)));

interface StreamCall {
  request: types.ReadPdfRequest;
  cancelled: boolean;
  write(message: types.PdfChunk): boolean;
  end(): void;
  emit(event: 'error', status: object): boolean;
  once(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
}

/** Writes as the reader takes them (the services' own writeMessage waits for 'drain'); counts each message handed over. */
async function writeAll(call: StreamCall, messages: types.PdfChunk[], written: { count: number }): Promise<void> {
  for (const message of messages) {
    written.count += 1;
    if (!(await writeMessage(call as never, message))) return;
  }
  call.end();
}

/** The file as a replica sends it: metadata and the first piece, then the rest, in pieces of `pieceBytes`. */
function fileMessages(etag: string, pieceBytes: number): types.PdfChunk[] {
  const messages: types.PdfChunk[] = [];
  for (let offset = 0; offset < FILE.length; offset += pieceBytes) messages.push({ data: FILE.subarray(offset, offset + pieceBytes) });
  messages[0] = { ...messages[0], size: FILE.length, etag, fileName: 'plan.pdf' };
  return messages;
}

interface Replica {
  server: Http2GrpcServer;
  proxy: TcpProxy;
  streams: number;
  written: { count: number };
}

async function startReplica(messages: () => types.PdfChunk[]): Promise<Replica> {
  const server = new Http2GrpcServer();
  const replica: Replica = { server, proxy: undefined as unknown as TcpProxy, streams: 0, written: { count: 0 } };
  server.addService({ ReadPdf } as never, {
    ReadPdf: (call: StreamCall) => {
      replica.streams += 1;
      if (call.request.key === 'huge') {
        call.write({ data: Buffer.alloc(2 * 1024 * KiB) });
        call.end();
        return;
      }
      void writeAll(call, messages(), replica.written);
    },
  });
  server.ready();
  const port = await server.listen('127.0.0.1:0');
  replica.proxy = new TcpProxy('127.0.0.1', port);
  await replica.proxy.start();
  return replica;
}

const RESUME: Resume<types.PdfChunk__Output> = {
  times: 2,
  sameStream: (first, again) => first.etag === again.etag,
  sizeOf: (chunk) => chunk.data.length,
  skip: (chunk, bytes) => ({ ...chunk, data: chunk.data.subarray(bytes) }),
};

describe('server streams on our HTTP/2 client and server', () => {
  let replicas: Replica[] = [];
  let client: Http2Client;

  afterEach(async () => {
    client?.close();
    for (const replica of replicas) {
      await replica.proxy.stop();
      await replica.server.close(100);
    }
    replicas = [];
  });

  async function twoReplicas(etags: [string, string], pieceBytes: [number, number]): Promise<void> {
    replicas = [
      await startReplica(() => fileMessages(etags[0], pieceBytes[0])),
      await startReplica(() => fileMessages(etags[1], pieceBytes[1])),
    ];
    const target = replicas.map((replica) => `127.0.0.1:${replica.proxy.port}`).join(',');
    client = new Http2Client(target, { connections: 1, maxReceiveBytes: 1024 * KiB });
  }

  it('a slow reader holds the server back: it cannot run more than a few messages ahead', async () => {
    await twoReplicas(['v1', 'v1'], [32 * KiB, 32 * KiB]);
    const stream = client.serverStream<types.PdfChunk__Output>(ReadPdf, { key: 'k' }, { metadata: {}, deadlineMs: 10_000 });
    const reading = stream[Symbol.asyncIterator]();
    await reading.next();
    await sleep(300);
    const serving = replicas.find((replica) => replica.streams === 1)!;
    // The piece taken, the client's read-ahead (4), the stream's 64 KiB flow-control window (2), and what Node's
    // buffers and the server's pending write hold: a dozen at most, far from the 40 it has (all 40, unread, without).
    expect(serving.written.count).toBeLessThanOrEqual(12);
    const pieces = [];
    for (let next = await reading.next(); !next.done; next = await reading.next()) pieces.push(next.value.data);
    expect(pieces).toHaveLength(PIECES - 1);
    expect(serving.written.count).toBe(PIECES);
  });

  it('a stream whose replica goes away part-way carries on from the other one: every byte once, in order', async () => {
    // The replicas cut the file differently: what was delivered is skipped by bytes, not by messages.
    await twoReplicas(['v1', 'v1'], [32 * KiB, 20 * KiB]);
    const stream = client.serverStream<types.PdfChunk__Output>(ReadPdf, { key: 'k' }, { metadata: {}, deadlineMs: 10_000, resume: RESUME });
    const received: Buffer[] = [];
    let first: types.PdfChunk__Output | undefined;
    for await (const chunk of stream) {
      first ??= chunk;
      received.push(chunk.data);
      if (received.length === 3) await replicas.find((replica) => replica.streams === 1)!.proxy.cut();
    }
    expect(first).toMatchObject({ etag: 'v1', fileName: 'plan.pdf' });
    expect(replicas.map((replica) => replica.streams)).toEqual([1, 1]);
    expect(Buffer.concat(received).equals(FILE)).toBe(true);
  });

  it('a stream that changed on the other replica fails rather than splicing two files', async () => {
    await twoReplicas(['v1', 'v2'], [32 * KiB, 32 * KiB]);
    const stream = client.serverStream<types.PdfChunk__Output>(ReadPdf, { key: 'k' }, { metadata: {}, deadlineMs: 10_000, resume: RESUME });
    const received: Buffer[] = [];
    const failure = await (async () => {
      for await (const chunk of stream) {
        received.push(chunk.data);
        if (received.length === 3) await replicas.find((replica) => replica.streams === 1)!.proxy.cut();
      }
    })().catch((error: unknown) => error as CallFailure);
    expect(failure).toMatchObject({ code: Status.UNAVAILABLE });
    expect(FILE.subarray(0, Buffer.concat(received).length).equals(Buffer.concat(received))).toBe(true);
    expect(Buffer.concat(received).length).toBeLessThan(FILE.length);
  });

  it('without resume, a replica that goes away part-way fails the stream as UNAVAILABLE', async () => {
    await twoReplicas(['v1', 'v1'], [32 * KiB, 32 * KiB]);
    const stream = client.serverStream<types.PdfChunk__Output>(ReadPdf, { key: 'k' }, { metadata: {}, deadlineMs: 10_000 });
    let count = 0;
    const failure = await (async () => {
      for await (const chunk of stream) {
        count += chunk.data.length > 0 ? 1 : 0;
        if (count === 2) await replicas.find((replica) => replica.streams === 1)!.proxy.cut();
      }
    })().catch((error: unknown) => error as CallFailure);
    expect(failure).toMatchObject({ code: Status.UNAVAILABLE });
    expect(replicas.map((replica) => replica.streams).sort()).toEqual([0, 1]);
  });

  it('a message larger than the client accepts fails RESOURCE_EXHAUSTED, before it is buffered', async () => {
    await twoReplicas(['v1', 'v1'], [32 * KiB, 32 * KiB]);
    const stream = client.serverStream(ReadPdf, { key: 'huge' }, { metadata: {}, deadlineMs: 10_000 });
    await expect(
      (async () => {
        for await (const _chunk of stream) void _chunk;
      })(),
    ).rejects.toMatchObject({ code: Status.RESOURCE_EXHAUSTED });
  });

  it('cancel() stops the server: its handler sees the call cancelled and stops writing', async () => {
    await twoReplicas(['v1', 'v1'], [8 * KiB, 8 * KiB]);
    const stream = client.serverStream<types.PdfChunk__Output>(ReadPdf, { key: 'k' }, { metadata: {}, deadlineMs: 10_000 });
    const reading = stream[Symbol.asyncIterator]();
    await reading.next();
    stream.cancel();
    await expect(reading.next()).rejects.toMatchObject({ code: Status.CANCELLED });
    await sleep(200);
    const serving = replicas.find((replica) => replica.streams === 1)!;
    expect(serving.written.count).toBeLessThan(40);
  });

  it('a stream no endpoint answers fails UNAVAILABLE once its first-answer time is up, not at its deadline', async () => {
    await twoReplicas(['v1', 'v1'], [32 * KiB, 32 * KiB]);
    for (const replica of replicas) await replica.proxy.blackhole();
    const startedAt = Date.now();
    const stream = client.serverStream(ReadPdf, { key: 'k' }, { metadata: {}, deadlineMs: 60_000, firstAnswerMs: 1_000 });
    await expect(
      (async () => {
        for await (const _chunk of stream) void _chunk;
      })(),
    ).rejects.toMatchObject({ code: expect.any(Number) });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
