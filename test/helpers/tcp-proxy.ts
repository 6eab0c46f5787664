import net from 'node:net';

/**
 * A TCP relay in front of a real server (PostgreSQL, Redis, a gRPC service)
 * that tests can cut, blackhole and restore, to see how the stack behaves
 * when a dependency goes away and comes back.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  /** Connections being relayed, client side and upstream side. */
  private readonly relays = new Set<{ client: net.Socket; upstream: net.Socket }>();
  private mode: 'forward' | 'blackhole' = 'forward';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static forUrl(url: string): TcpProxy {
    const parsed = new URL(url);
    return new TcpProxy(parsed.hostname, Number(parsed.port));
  }

  /** The same URL, pointed at the proxy. */
  urlFor(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  private accept(client: net.Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => undefined);
    if (this.mode === 'blackhole') return; // accept and never answer
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.sockets.add(upstream);
    upstream.on('close', () => this.sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
    const relay = { client, upstream };
    this.relays.add(relay);
    client.on('close', () => this.relays.delete(relay));
  }

  /**
   * Stops relaying without closing anything: open connections stay open on
   * both sides but carry nothing further, and new ones are accepted and never
   * answered. A peer that vanished without a reset (a node that lost power, a
   * firewall dropping a flow): only timeouts and keepalive pings can tell.
   */
  freeze(): void {
    this.mode = 'blackhole';
    for (const { client, upstream } of this.relays) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts connections (same port) but never answers: a hung dependency. */
  async blackhole(): Promise<void> {
    await this.cut();
    this.mode = 'blackhole';
    await this.start(this.port);
  }

  /** Forwards again on the same port. */
  async restore(): Promise<void> {
    await this.cut();
    this.mode = 'forward';
    await this.start(this.port);
  }

  async stop(): Promise<void> {
    await this.cut();
  }
}
