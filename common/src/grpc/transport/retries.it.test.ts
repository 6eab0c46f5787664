import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { loadProtos, type types } from '@evalplan/protos';
import { GrpcClientPool } from '../rpc/client-pool';
import { frameMessage } from './wire';

/**
 * When our client sends a call again, against a gRPC peer on node:http2 that
 * fails the way servers and networks do: it resets the connection after
 * reading a call (the call may have run), refuses a stream unprocessed
 * (REFUSED_STREAM, as above a GOAWAY's last stream id), or answers.
 * GetUser is marked safe to repeat in auth.proto; Login is not. Server
 * streams go over grpc-js: ReadPdf, safe in pdf.proto, is repeated when it
 * fails before its first message.
 */
const AuthClient = loadProtos().auth.AuthService;
const PdfClient = loadProtos().pdf.PdfService;
const GetUser = AuthClient.GetUser!;
const Login = AuthClient.Login!;
const ReadPdf = PdfClient.ReadPdf!;
const HEALTH_CHECK_PATH = '/grpc.health.v1.Health/Check';

type Fault = 'reset-after-reading' | 'refuse-stream' | 'answer';

describe('retries', () => {
  let server: http2.Http2Server;
  let pool: GrpcClientPool<types.AuthServiceClient>;
  let pdfPool: GrpcClientPool<types.PdfServiceClient>;
  /** What the next calls meet, in order; then they are answered. */
  const faults: Fault[] = [];
  const received: string[] = [];

  beforeAll(async () => {
    server = http2.createServer();
    server.on('stream', (stream, headers) => {
      stream.on('error', () => undefined);
      const path = String(headers[':path']);
      // The client's health probes (an endpoint that refused work is probed back into rotation): always SERVING.
      if (path === HEALTH_CHECK_PATH) {
        stream.resume();
        stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
        stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
        stream.end(frameMessage(Buffer.from([0x08, 0x01])));
        return;
      }
      const fault = faults.shift() ?? 'answer';
      if (fault === 'refuse-stream') {
        stream.close(http2.constants.NGHTTP2_REFUSED_STREAM);
        return;
      }
      stream.resume();
      stream.on('end', () => {
        received.push(path);
        if (fault === 'reset-after-reading') {
          stream.session?.destroy();
          return;
        }
        stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
        stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
        if (path.endsWith('/ReadPdf')) {
          const meta = frameMessage(ReadPdf.responseSerialize({ size: 3, fileName: 'plan.pdf' }));
          stream.end(Buffer.concat([meta, frameMessage(ReadPdf.responseSerialize({ data: Buffer.from('pdf') }))]));
          return;
        }
        const response = path.endsWith('/Login')
          ? Login.responseSerialize({ accessToken: 'token', refreshToken: '' })
          : GetUser.responseSerialize({ id: 'u', email: 'e', createdAt: '' });
        stream.end(frameMessage(response));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const target = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    pool = new GrpcClientPool(AuthClient, { name: 'auth-service', target, connections: 1, deadlineMs: 5_000 });
    pdfPool = new GrpcClientPool(PdfClient, { name: 'pdf-service', target, connections: 1, deadlineMs: 5_000 });
  });
  afterAll(async () => {
    pool.close();
    pdfPool.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    faults.length = 0;
    received.length = 0;
  });

  it('a stream the server refused unprocessed is sent again, even for a method that is not safe to repeat', async () => {
    faults.push('refuse-stream');
    await expect(pool.unary('Login', { credentials: {}, clientIp: '' })).resolves.toMatchObject({ accessToken: 'token' });
    expect(received).toEqual(['/evalplan.v2.AuthService/Login']);
  });

  it('a read whose connection broke after the server read it is repeated, and answered', async () => {
    faults.push('reset-after-reading');
    await expect(pool.unary('GetUser', { userId: 'u' })).resolves.toMatchObject({ id: 'u' });
    expect(received).toEqual(['/evalplan.v2.AuthService/GetUser', '/evalplan.v2.AuthService/GetUser']);
  });

  it('a write whose connection broke after the server read it is not sent twice: 503 SERVICE_UNAVAILABLE', async () => {
    faults.push('reset-after-reading');
    await expect(pool.unary('Login', { credentials: {}, clientIp: '' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(received).toEqual(['/evalplan.v2.AuthService/Login']);
  });

  it('a read is tried at most three times, then fails as SERVICE_UNAVAILABLE', async () => {
    faults.push('reset-after-reading', 'reset-after-reading', 'reset-after-reading', 'reset-after-reading');
    await expect(pool.unary('GetUser', { userId: 'u' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(received).toHaveLength(3);
  });

  async function readPdf(): Promise<Array<{ size?: unknown; data?: Buffer }>> {
    const items: Array<{ size?: unknown; data?: Buffer }> = [];
    for await (const item of pdfPool.stream('ReadPdf', { key: 'sessions/s/1.pdf' })) items.push(item as { size?: unknown; data?: Buffer });
    return items;
  }

  it('a safe stream whose connection broke before its first message is opened again, and read whole once', async () => {
    faults.push('reset-after-reading');
    const items = await readPdf();
    expect(items.map((item) => item.data?.toString() ?? '')).toEqual(['', 'pdf']);
    expect(received).toEqual(['/evalplan.v2.PdfService/ReadPdf', '/evalplan.v2.PdfService/ReadPdf']);
  });

  it('a safe stream is tried at most three times, then fails as SERVICE_UNAVAILABLE', async () => {
    faults.push('reset-after-reading', 'reset-after-reading', 'reset-after-reading', 'reset-after-reading');
    await expect(readPdf()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(received).toHaveLength(3);
  });
});
