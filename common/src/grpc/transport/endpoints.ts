import { lookup } from 'node:dns/promises';
import http2 from 'node:http2';
import net from 'node:net';

/**
 * The endpoints of one gRPC target, for our client (http2-client.ts):
 * which addresses a service answers on, their HTTP/2 connections, and which
 * of them are in rotation.
 *
 * A target is "unix:/path", or one or more "host:port" separated by commas.
 * A host that is a name is resolved to every address it has (a Kubernetes
 * headless Service names each ready pod), again every `resolveIntervalMs`
 * and soon after a failure, so pods that come and go are followed. An
 * endpoint whose connection fails (or that refuses calls) is taken out of
 * rotation until a health check finds it SERVING; the checks come after a
 * backoff that doubles with each failure in a row (with jitter, so clients do
 * not probe in step). When every endpoint is out and calls keep coming, they
 * are probed at once (at most every HURRY_INTERVAL_MS each) instead of at the
 * end of their backoff: a replica restarted while its sibling stops is back
 * as soon as it answers.
 */

/** Finds every address of a host name. */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (host) => (await lookup(host, { all: true })).map((found) => found.address);

/** Asks one endpoint whether it serves (a gRPC health check over its connection). */
export type Probe = (endpoint: Endpoint) => Promise<boolean>;

export interface EndpointSetOptions {
  /** HTTP/2 connections per endpoint, used round-robin. */
  connections: number;
  resolve?: Resolve;
  /** How often names are resolved again (default 30 s). */
  resolveIntervalMs?: number;
  probe: Probe;
  /** First backoff after a failure (default 100 ms) and the longest (default 2 s). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  liveness?: Liveness;
}

/**
 * How a dead peer is found: a connection must come up within
 * connectTimeoutMs (a host that swallows packets would otherwise hold every
 * call sent its way for its whole deadline), and a live one is pinged every
 * pingIntervalMs and dropped when a ping is not answered within pingTimeoutMs.
 */
export interface Liveness {
  connectTimeoutMs: number;
  pingIntervalMs: number;
  pingTimeoutMs: number;
}

export const DEFAULT_LIVENESS: Liveness = { connectTimeoutMs: 2_000, pingIntervalMs: 30_000, pingTimeoutMs: 10_000 };

/** A failure asks for a new resolution, but names are not looked up more often than this. */
const RESOLVE_AFTER_FAILURE_MIN_MS = 1_000;
/** With no endpoint in rotation, each is probed early, but not more often than this (a service that is down is not hammered). */
const HURRY_INTERVAL_MS = 200;

interface HostPort {
  host: string;
  port: number;
}

/** "unix:/path", or the host:port parts of a comma-separated list (IPv6 in brackets). */
export function parseTarget(target: string): { unix: string } | { parts: HostPort[] } {
  if (target.startsWith('unix:')) return { unix: target.slice('unix:'.length) };
  const parts = target
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.lastIndexOf(':');
      return { host: part.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(part.slice(at + 1)) };
    });
  return { parts };
}

const keyOf = (address: string, port: number) => (net.isIPv6(address) ? `[${address}]:${port}` : `${address}:${port}`);

/** One address of the service: its connections, and its standing in the rotation. */
export class Endpoint {
  private readonly sessions: Array<http2.ClientHttp2Session | undefined>;
  private next = 0;
  /** Failures in a row; 0 once it answered again. */
  failures = 0;
  /** Out of rotation until a health check (or an answered call) finds it serving. */
  ejected = false;
  /** No longer among the target's addresses: it serves its calls in flight and is closed. */
  retired = false;
  probeTimer: NodeJS.Timeout | undefined;
  /** When the scheduled probe runs (epoch ms). */
  probeDueAt = 0;
  /** A health check of it is on its way; when the last one started and when the last one ended (epoch ms). */
  probing = false;
  probedAt = 0;
  probeEndedAt = 0;

  constructor(
    readonly key: string,
    private readonly connect: () => http2.ClientHttp2Session,
    connections: number,
    private readonly liveness: Liveness = DEFAULT_LIVENESS,
  ) {
    this.sessions = Array.from({ length: Math.max(1, connections) }, () => undefined);
  }

  get inRotation(): boolean {
    return !this.retired && !this.ejected;
  }

  /** A live connection, opened if needed; connections are used in turn. */
  session(): http2.ClientHttp2Session {
    const index = this.next;
    this.next = (this.next + 1) % this.sessions.length;
    const existing = this.sessions[index];
    if (existing && !existing.closed && !existing.destroyed) return existing;
    const session = this.connect();
    // Failures surface on the streams; the connection is simply replaced next time.
    session.on('error', () => undefined);
    const { connectTimeoutMs, pingIntervalMs, pingTimeoutMs } = this.liveness;
    // Up means the peer's HTTP/2 SETTINGS arrived ('connect' is only the TCP connect: a frozen process accepts
    // that). Not up in time: the calls waiting on it fail as never sent (and go elsewhere), the endpoint is taken out.
    const connecting = setTimeout(
      () => session.destroy(new Error(`No connection to ${this.key} within ${connectTimeoutMs} ms.`)),
      connectTimeoutMs,
    );
    connecting.unref();
    session.once('remoteSettings', () => {
      clearTimeout(connecting);
      connected.add(session);
    });
    session.once('close', () => clearTimeout(connecting));
    const forget = () => {
      if (this.sessions[index] === session) this.sessions[index] = undefined;
    };
    session.once('close', forget);
    // GOAWAY: no new calls on this connection (calls in flight finish); the next call opens another.
    session.once('goaway', forget);
    // Keepalive: a connection whose peer vanished without a reset is found within seconds, not minutes.
    const pings = setInterval(() => probeConnection(session, pingTimeoutMs), pingIntervalMs);
    pings.unref();
    session.once('close', () => clearInterval(pings));
    session.unref();
    this.sessions[index] = session;
    return session;
  }

  /** Closes the connections: calls in flight on them finish first. */
  close(): void {
    clearTimeout(this.probeTimer);
    for (const session of this.sessions) session?.close();
    this.sessions.fill(undefined);
  }
}

/** Connections that came up (the peer's SETTINGS arrived): one that failed before means its endpoint is unreachable. */
const connected = new WeakSet<http2.ClientHttp2Session>();

/** Whether the connection ever came up (a reset of a live connection says less about the endpoint than a refusal). */
export function everConnected(session: http2.ClientHttp2Session): boolean {
  return connected.has(session);
}

/** Pings a connection; no answer within the timeout means the peer is gone: the connection is dropped. */
export function probeConnection(session: http2.ClientHttp2Session, timeoutMs: number): void {
  if (session.closed || session.destroyed || session.connecting) return;
  const timer = setTimeout(() => session.destroy(), timeoutMs);
  timer.unref();
  const sent = session.ping((error) => {
    clearTimeout(timer);
    if (error) session.destroy();
  });
  if (!sent) clearTimeout(timer);
}

export class EndpointSet {
  private endpoints: Endpoint[] = [];
  private next = 0;
  private readonly parsed: ReturnType<typeof parseTarget>;
  private readonly resolve: Resolve;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private resolving: Promise<void> | undefined;
  /** The addresses each part of the target resolved to last time: kept while its name does not resolve. */
  private resolvedByPart: string[][] = [];
  private lastResolvedAt = 0;
  private readonly refreshTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Calls waiting in hurry(), told after every probe. */
  private readonly probeListeners = new Set<() => void>();
  /** Why the last resolution found nothing, for the error a call then gets. */
  private resolveProblem: string | undefined;

  constructor(
    readonly target: string,
    private readonly options: EndpointSetOptions,
  ) {
    this.parsed = parseTarget(target);
    this.resolve = options.resolve ?? systemResolve;
    this.backoffBaseMs = options.backoffBaseMs ?? 100;
    this.backoffMaxMs = options.backoffMaxMs ?? 2_000;
    if ('unix' in this.parsed) {
      const path = this.parsed.unix;
      this.endpoints = [
        new Endpoint(
          this.target,
          () => http2.connect('http://localhost', { createConnection: () => net.connect(path) }),
          options.connections,
          options.liveness,
        ),
      ];
      return;
    }
    // Addresses given as IPs are known at once; names are looked up before the first call.
    if (this.parsed.parts.every((part) => net.isIP(part.host) !== 0)) {
      this.replaceEndpoints(this.parsed.parts.map((part) => keyOf(part.host, part.port)));
    } else {
      this.refreshTimer = setInterval(() => void this.refresh(), options.resolveIntervalMs ?? 30_000);
      this.refreshTimer.unref();
    }
  }

  /** No address is known yet (names not looked up): `refresh()` first. */
  get unresolved(): boolean {
    return this.endpoints.length === 0 && !this.closed;
  }

  /**
   * The next endpoint in rotation, round-robin, other than `avoid` where
   * there is another; none when every endpoint is out (the caller then asks
   * them with hurry() rather than sending calls to a service that is down).
   */
  pick(avoid?: Endpoint): Endpoint | undefined {
    const count = this.endpoints.length;
    for (let step = 0; step < count; step += 1) {
      const endpoint = this.endpoints[this.next % count]!;
      this.next = (this.next + 1) % count;
      if (endpoint.inRotation && (endpoint !== avoid || count === 1)) return endpoint;
    }
    return undefined;
  }

  /** Why no endpoint could be picked. */
  get unavailableReason(): string {
    if (this.endpoints.length === 0) return this.resolveProblem ?? `${this.target} resolves to no address.`;
    return `No endpoint of ${this.target} is reachable right now.`;
  }

  /**
   * A call found the endpoint unreachable (connection refused or not up in
   * time) or refusing work: out of rotation until a probe finds it serving;
   * and the names are looked up again, since the pod may have been replaced.
   * Calls failing together on it count once: the ejection and its probe stand.
   */
  failed(endpoint: Endpoint): void {
    if (!endpoint.ejected) this.eject(endpoint);
  }

  /** Out of rotation, with its next probe after a backoff that grows with each failure in a row. */
  private eject(endpoint: Endpoint): void {
    endpoint.ejected = true;
    endpoint.failures += 1;
    const backoff = Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** (endpoint.failures - 1));
    // ±20 %: clients that lost the same pod at the same moment do not come back in step.
    const delay = Math.round(backoff * (0.8 + Math.random() * 0.4));
    this.scheduleProbe(endpoint, delay);
    if (Date.now() - this.lastResolvedAt >= RESOLVE_AFTER_FAILURE_MIN_MS) void this.refresh();
  }

  /** A call reached the endpoint and got an answer: its failures are forgotten. */
  succeeded(endpoint: Endpoint): void {
    if (endpoint.failures === 0 && !endpoint.ejected) return;
    endpoint.failures = 0;
    endpoint.ejected = false;
    clearTimeout(endpoint.probeTimer);
    endpoint.probeTimer = undefined;
  }

  /**
   * No endpoint is in rotation, yet a call wants one: each is probed now
   * rather than at the end of its backoff (but not within HURRY_INTERVAL_MS
   * of its last probe: then as soon as that has passed). Resolves when one
   * is back in rotation, when each has been probed since, or after `waitMs`.
   */
  hurry(waitMs: number): Promise<void> {
    const since = Date.now();
    const settled = () =>
      this.closed ||
      this.endpoints.length === 0 ||
      this.endpoints.some((e) => e.inRotation) ||
      this.endpoints.every((e) => e.probeEndedAt >= since);
    if (settled()) return Promise.resolve();
    for (const endpoint of this.endpoints) {
      if (endpoint.inRotation || endpoint.probing) continue;
      const dueIn = Math.max(0, endpoint.probedAt + HURRY_INTERVAL_MS - since);
      if (!endpoint.probeTimer || endpoint.probeDueAt > since + dueIn) this.scheduleProbe(endpoint, dueIn);
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.probeListeners.delete(check);
        resolve();
      };
      const check = () => {
        if (settled()) done();
      };
      const timer = setTimeout(done, waitMs);
      timer.unref();
      this.probeListeners.add(check);
    });
  }

  private scheduleProbe(endpoint: Endpoint, delayMs: number): void {
    clearTimeout(endpoint.probeTimer);
    endpoint.probeDueAt = Date.now() + delayMs;
    endpoint.probeTimer = setTimeout(() => {
      endpoint.probeTimer = undefined;
      void this.probe(endpoint);
    }, delayMs);
    endpoint.probeTimer.unref();
  }

  /** Back in rotation if it says it serves; otherwise out for a longer backoff. One probe per endpoint at a time. */
  private async probe(endpoint: Endpoint): Promise<void> {
    if (this.closed || endpoint.retired || endpoint.probing) return;
    endpoint.probing = true;
    try {
      await this.checkServing(endpoint);
    } finally {
      endpoint.probing = false;
      endpoint.probeEndedAt = Date.now();
      for (const listener of [...this.probeListeners]) listener();
    }
  }

  private async checkServing(endpoint: Endpoint): Promise<void> {
    endpoint.probedAt = Date.now();
    let serving: boolean;
    try {
      serving = await this.options.probe(endpoint);
    } catch {
      serving = false;
    }
    if (this.closed || endpoint.retired) return;
    if (serving) this.succeeded(endpoint);
    else this.eject(endpoint);
  }

  /** Looks the names up again (one lookup at a time); keeps the old endpoints if the lookup fails. */
  refresh(): Promise<void> {
    if ('unix' in this.parsed || this.closed) return Promise.resolve();
    this.resolving ??= this.lookUp().finally(() => {
      this.resolving = undefined;
      this.lastResolvedAt = Date.now();
    });
    return this.resolving;
  }

  private async lookUp(): Promise<void> {
    const parts = (this.parsed as { parts: HostPort[] }).parts;
    const resolved = await Promise.all(
      parts.map(async (part, index) => {
        if (net.isIP(part.host) !== 0) return [keyOf(part.host, part.port)];
        try {
          return (await this.resolve(part.host)).map((address) => keyOf(address, part.port));
        } catch (error) {
          this.resolveProblem = `${part.host} could not be resolved: ${(error as Error).message}`;
          // A name that does not resolve now (DNS hiccup) keeps the endpoints it had.
          return this.resolvedByPart[index] ?? [];
        }
      }),
    );
    if (this.closed) return;
    this.resolvedByPart = resolved;
    this.replaceEndpoints([...new Set(resolved.flat())]);
  }

  /** Keeps the endpoints still named (with their connections and standing), adds new ones, retires the rest. */
  private replaceEndpoints(keys: string[]): void {
    const current = new Map(this.endpoints.map((endpoint) => [endpoint.key, endpoint]));
    this.endpoints = keys.map(
      (key) => current.get(key) ?? new Endpoint(key, () => http2.connect(`http://${key}`), this.options.connections, this.options.liveness),
    );
    const kept = new Set(keys);
    for (const [key, endpoint] of current) {
      if (kept.has(key)) continue;
      endpoint.retired = true;
      endpoint.close();
    }
  }

  close(): void {
    this.closed = true;
    clearInterval(this.refreshTimer);
    for (const endpoint of this.endpoints) endpoint.close();
    this.endpoints = [];
    for (const listener of [...this.probeListeners]) listener();
  }
}
