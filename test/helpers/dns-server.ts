import dgram from 'node:dgram';

/**
 * A small authoritative DNS server over UDP on loopback, answering A
 * queries from a table the test edits while it runs, as a cluster's DNS
 * follows the pods behind a headless Service. Unknown names are NXDOMAIN;
 * TTL 0, so nothing is cached. Real DNS on the wire: the client under test
 * resolves through node's c-ares resolver pointed at it.
 */
export class TestDnsServer {
  readonly records = new Map<string, string[]>();
  queries = 0;
  private socket: dgram.Socket | undefined;

  get address(): string {
    return `127.0.0.1:${this.socket!.address().port}`;
  }

  async start(): Promise<void> {
    const socket = dgram.createSocket('udp4');
    socket.on('message', (query, peer) => {
      const answer = this.answer(query);
      if (answer) socket.send(answer, peer.port, peer.address);
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    this.socket = socket;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.socket ? this.socket.close(() => resolve()) : resolve()));
  }

  private answer(query: Buffer): Buffer | undefined {
    if (query.length < 12 || query.readUInt16BE(4) !== 1) return undefined;
    this.queries += 1;
    // The question: length-prefixed labels, then type and class.
    const labels: string[] = [];
    let offset = 12;
    while (offset < query.length && query[offset] !== 0) {
      const length = query[offset]!;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += 1 + length;
    }
    const questionEnd = offset + 5;
    if (questionEnd > query.length) return undefined;
    const type = query.readUInt16BE(offset + 1);
    const addresses = this.records.get(labels.join('.').toLowerCase());
    const found = addresses !== undefined;
    const answers = found && type === 1 ? addresses : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    // Response, recursion desired and available; NXDOMAIN (3) for an unknown name.
    header.writeUInt16BE(found ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((address) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(1, 2); // A
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(0, 6); // TTL 0
      record.writeUInt16BE(4, 10);
      address.split('.').forEach((part, index) => record.writeUInt8(Number(part), 12 + index));
      return record;
    });
    return Buffer.concat([header, query.subarray(12, questionEnd), ...records]);
  }
}
