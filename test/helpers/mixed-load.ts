import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { WEB_CLIENT_STEPS } from '../fixtures/step-data';
import type { Exchange, RequestKind, Traffic } from './traffic';

/** What the load's clients do, in turn. */
export const LOAD_KINDS = ['session_read', 'step_save', 'login', 'me', 'projects', 'event'] as const satisfies readonly RequestKind[];
export type LoadKind = (typeof LOAD_KINDS)[number];

export function isLoadKind(kind: RequestKind): kind is LoadKind {
  return (LOAD_KINDS as readonly RequestKind[]).includes(kind);
}

/** A client's pause between its requests: steady pressure that leaves the 2-core machine room to recover. */
export const LOAD_PAUSE_MS = Number(process.env.FAULT_LOAD_PAUSE_MS ?? 20);
/** After a connection error (gateway gone), a longer pause instead of a busy loop. */
const NETWORK_ERROR_PAUSE_MS = 100;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface LoadClient {
  agent: http.Agent;
  email: string;
  password: string;
  accessToken: string;
  sessionId: string;
  /** The counter of this client's last step save sent, and of its last one answered 2xx. */
  attempted: number;
  acknowledged: number;
}

const stepData = (counter: number): Record<string, unknown> => ({ ...WEB_CLIENT_STEPS['1'], faultCounter: counter });

function expectStatus(exchange: Exchange, status: number): Exchange {
  if (exchange.status !== status) {
    throw new Error(
      `${exchange.method} ${exchange.path}: expected ${status}, got ${exchange.status ?? exchange.networkError} ${JSON.stringify(exchange.json)}`,
    );
  }
  return exchange;
}

/**
 * Steady mixed load against the gateway: each client has its own keep-alive
 * connection, account and session, and cycles through session reads, step
 * saves (step 1, its data carrying a counter), logins, signed-in reads and
 * anonymous activity events, one request at a time.
 */
export class MixedLoad {
  private stopped = false;
  private loops: Array<Promise<void>> = [];

  private constructor(
    private readonly traffic: Traffic,
    private readonly clients: LoadClient[],
  ) {}

  /** Makes each client's account and session, and saves its step 1 with counter 0. */
  static async prepare(traffic: Traffic, clientCount: number): Promise<MixedLoad> {
    const clients = await Promise.all(
      Array.from({ length: clientCount }, async (): Promise<LoadClient> => {
        const email = `fault-${randomUUID()}@example.com`;
        const password = 'correct horse battery';
        const registered = expectStatus(
          await traffic.send('setup', 'POST', '/api/v1/auth/register', { body: { email, password }, parse: true }),
          201,
        );
        const created = expectStatus(await traffic.send('setup', 'POST', '/api/v1/sessions/create', { parse: true }), 201);
        const sessionId = (created.json as { sessionId: string }).sessionId;
        expectStatus(
          await traffic.send('setup', 'PUT', `/api/v1/sessions/${sessionId}/wizard/step/1`, { body: { stepData: stepData(0) } }),
          200,
        );
        return {
          agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
          email,
          password,
          accessToken: (registered.json as { access_token: string }).access_token,
          sessionId,
          attempted: 0,
          acknowledged: 0,
        };
      }),
    );
    return new MixedLoad(traffic, clients);
  }

  start(): void {
    this.loops = this.clients.map((client, index) => this.run(client, index));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private async run(client: LoadClient, offset: number): Promise<void> {
    // Clients start at different kinds, so every kind is in flight at any moment.
    for (let turn = offset; !this.stopped; turn++) {
      const exchange = await this.request(client, LOAD_KINDS[turn % LOAD_KINDS.length]!);
      await sleep(exchange.status === undefined ? NETWORK_ERROR_PAUSE_MS : LOAD_PAUSE_MS);
    }
  }

  private async request(client: LoadClient, kind: LoadKind): Promise<Exchange> {
    const { traffic } = this;
    const { agent } = client;
    const signedIn = { Authorization: `Bearer ${client.accessToken}` };
    switch (kind) {
      case 'session_read':
        return traffic.send(kind, 'GET', `/api/v1/sessions/${client.sessionId}`, { agent });
      case 'step_save': {
        const counter = ++client.attempted;
        const exchange = await traffic.send(kind, 'PUT', `/api/v1/sessions/${client.sessionId}/wizard/step/1`, {
          agent,
          body: { stepData: stepData(counter) },
        });
        if (exchange.status !== undefined && exchange.status >= 200 && exchange.status <= 299) client.acknowledged = counter;
        return exchange;
      }
      case 'login':
        return traffic.send(kind, 'POST', '/api/v1/auth/login', { agent, body: { email: client.email, password: client.password } });
      case 'me':
        return traffic.send(kind, 'GET', '/api/v1/auth/me', { agent, headers: signedIn });
      case 'projects':
        return traffic.send(kind, 'GET', '/api/v1/projects', { agent, headers: signedIn });
      case 'event':
        return traffic.send(kind, 'POST', '/api/v1/activity/events', { agent, body: { type: 'fault.load', page: '/faults' } });
    }
  }

  /**
   * Reads every client's session back: its stored counter must be at least
   * the last one answered 2xx (an acknowledged write is never lost) and at
   * most the last one sent (nothing invented). Returns the sessions that
   * break this, described.
   */
  async stepSaveProblems(): Promise<string[]> {
    const problems: string[] = [];
    for (const [index, client] of this.clients.entries()) {
      const read = await this.traffic.send('setup', 'GET', `/api/v1/sessions/${client.sessionId}`, { parse: true });
      const stored = (read.json as { wizardStatus?: { steps?: Record<string, { faultCounter?: unknown }> } } | undefined)?.wizardStatus
        ?.steps?.['1']?.faultCounter;
      const range = `acknowledged ${client.acknowledged}, attempted ${client.attempted}`;
      if (read.status !== 200) problems.push(`client ${index}: read-back answered ${read.status ?? read.networkError} (${range})`);
      else if (typeof stored !== 'number' || stored < client.acknowledged || stored > client.attempted)
        problems.push(`client ${index}: stored counter ${String(stored)} (${range})`);
    }
    return problems;
  }

  close(): void {
    for (const client of this.clients) client.agent.destroy();
  }
}
