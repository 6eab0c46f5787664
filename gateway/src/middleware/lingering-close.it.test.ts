import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { closeAfterAnswer, type LingerLimits } from './lingering-close';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RefusingServer {
  server: Server;
  port: number;
  /** When the server's side of the first connection was closed (Date.now()). */
  closedAt: Promise<number>;
}

/** A server that refuses every body unread, as the gateway's body reader does. */
async function refusingServer(limits: LingerLimits): Promise<RefusingServer> {
  const server = createServer((req, res) => {
    closeAfterAnswer(req, limits);
    res.writeHead(413, { Connection: 'close', 'Content-Length': '8' });
    res.end('too long');
  });
  const closedAt = new Promise<number>((resolve) => {
    server.once('connection', (socket: Socket) => socket.once('close', () => resolve(Date.now())));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, closedAt };
}

/** A client that has sent a request head declaring a long body and read the answer; it keeps its side open, as one still sending does. */
async function startUpload(port: number, bodyLength: number): Promise<{ socket: Socket; answer: string }> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${bodyLength}\r\n\r\n`);
  while (!Buffer.concat(chunks).toString('utf8').endsWith('too long')) await sleep(5);
  return { socket, answer: Buffer.concat(chunks).toString('utf8') };
}

describe('closeAfterAnswer', () => {
  let refusing: RefusingServer | undefined;
  let client: Socket | undefined;
  afterEach(async () => {
    client?.destroy();
    refusing?.server.closeAllConnections();
    await new Promise((resolve) => refusing?.server.close(resolve));
  });

  it('answers first, then drops what still comes and closes once the whole body has arrived', async () => {
    refusing = await refusingServer({ bytes: 1024 * 1024, ms: 10_000 });
    const upload = await startUpload(refusing.port, 100_000);
    client = upload.socket;
    expect(upload.answer).toMatch(/^HTTP\/1\.1 413 [^]*\r\nConnection: close\r\n[^]*\r\n\r\ntoo long$/);
    let lastSentAt = 0;
    for (let sent = 0; sent < 100_000; sent += 10_000) {
      await sleep(10);
      lastSentAt = Date.now();
      client.write(Buffer.alloc(10_000, 'a'));
    }
    // Open while the body came (closing then would reset the connection), closed as soon as it was complete.
    const closedAt = await refusing.closedAt;
    expect(closedAt).toBeGreaterThanOrEqual(lastSentAt);
    expect(closedAt - lastSentAt).toBeLessThan(1_000);
  });

  it('closes at once when the client closes its side', async () => {
    refusing = await refusingServer({ bytes: 1024 * 1024, ms: 10_000 });
    client = (await startUpload(refusing.port, 100_000)).socket;
    await sleep(100);
    const endedAt = Date.now();
    client.end();
    const closedAt = await refusing.closedAt;
    expect(closedAt).toBeGreaterThanOrEqual(endedAt);
    expect(closedAt - endedAt).toBeLessThan(1_000);
  });

  it('cuts a client that trickles its body once the time is up', async () => {
    refusing = await refusingServer({ bytes: 1024 * 1024, ms: 300 });
    const upload = await startUpload(refusing.port, 100_000);
    const answeredAt = Date.now();
    client = upload.socket;
    const trickle = setInterval(() => upload.socket.writable && upload.socket.write('a'), 20);
    try {
      const after = (await refusing.closedAt) - answeredAt;
      expect(after).toBeGreaterThanOrEqual(250);
      expect(after).toBeLessThan(2_000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('cuts a client that sends more than it may drop', async () => {
    refusing = await refusingServer({ bytes: 64 * 1024, ms: 10_000 });
    const upload = await startUpload(refusing.port, 1024 * 1024 * 1024);
    client = upload.socket;
    const startedAt = Date.now();
    let sent = 0;
    while (!client.destroyed && sent < 512 * 1024 * 1024) {
      await new Promise((resolve) => client!.write(Buffer.alloc(64 * 1024, 'a'), resolve));
      sent += 64 * 1024;
    }
    expect((await refusing.closedAt) - startedAt).toBeLessThan(2_000);
    // The dropped 64 KiB plus what the kernels' buffers held, far from the declared gigabyte.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });
});
