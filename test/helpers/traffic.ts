import http from 'node:http';
import type { Socket } from 'node:net';

/** What a request was for: the load's kinds, and the harness's own requests. */
export type RequestKind =
  | 'session_read'
  | 'step_save'
  | 'login'
  | 'me'
  | 'projects'
  | 'event'
  /** PDF load: a plan rendered and stored, and a stored file read back. */
  | 'pdf_generate'
  | 'pdf_download'
  /** The harness's readiness polls. */
  | 'ready'
  /** Accounts, sessions and read-backs the harness makes around the load. */
  | 'setup'
  /** Requests a scenario makes by hand (idle keep-alive, slow bodies). */
  | 'probe';

/** One request as the client saw it; times are Date.now() milliseconds. */
export interface Exchange {
  kind: RequestKind;
  requestId: string;
  method: string;
  path: string;
  sentAt: number;
  /** When the whole answer (or the network error) arrived. */
  answeredAt: number;
  /** Undefined when no complete answer arrived (networkError says why). */
  status: number | undefined;
  networkError: string | undefined;
  /** The response head arrived, even if its body was then cut. */
  headersReceived: boolean;
  /** A non-2xx body is the contract's {error:{code,message,details}}. */
  envelope: boolean;
  /** The envelope's code (non-2xx only). */
  code: string | undefined;
  retryAfter: boolean;
  connectionClose: boolean;
  /** The parsed body: for non-2xx answers, and for every answer when the caller asked for it. */
  json: unknown;
}

export interface SendOptions {
  /** Defaults to the Traffic's shared keep-alive agent. */
  agent?: http.Agent;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Parse the body of a 2xx answer too. */
  parse?: boolean;
  /** Send the body in two halves this far apart (a request surely in flight meanwhile). */
  bodyPauseMs?: number;
  /** Told the request's connection: at once, or with a split body once its first half is written. */
  onSocket?: (socket: Socket) => void;
}

export const is2xx = (exchange: Exchange): boolean => exchange.status !== undefined && exchange.status >= 200 && exchange.status <= 299;

/** How an exchange ended, for failure messages: "2xx", "503 SERVICE_UNAVAILABLE", "network error ECONNRESET". */
export function answerOf(exchange: Exchange): string {
  if (exchange.status === undefined) return `network error ${exchange.networkError ?? ''}`;
  if (is2xx(exchange)) return '2xx';
  return `${exchange.status} ${exchange.envelope ? exchange.code! : 'without an envelope'}`;
}

/** Counted descriptions ("step_save: 500 INTERNAL_SERVER_ERROR ×12"), so a failure reads as a summary. */
export function tally(descriptions: string[]): string[] {
  const counts = new Map<string, number>();
  for (const description of descriptions) counts.set(description, (counts.get(description) ?? 0) + 1);
  return [...counts].map(([description, count]) => `${description} ×${count}`).sort();
}

/** No answer within this is a network error, not a wait forever. */
const REQUEST_TIMEOUT_MS = 20_000;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The contract's error envelope: {error:{code,message,details}} with a code, a human message and a details object. */
export function isEnvelope(json: unknown): boolean {
  if (!isObject(json) || !isObject(json.error)) return false;
  const { code, message, details } = json.error;
  return typeof code === 'string' && code !== '' && typeof message === 'string' && message !== '' && isObject(details);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends requests to the gateway and records every one of them. Each carries
 * X-Request-Id = prefix + sequence number, so the activity rows the gateway
 * stores for them can be counted afterwards.
 */
export class Traffic {
  readonly exchanges: Exchange[] = [];
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  private sequence = 0;

  constructor(
    readonly port: number,
    readonly prefix: string,
  ) {}

  send(kind: RequestKind, method: string, path: string, options: SendOptions = {}): Promise<Exchange> {
    const requestId = `${this.prefix}${++this.sequence}`;
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string> = { 'X-Request-Id': requestId, ...options.headers };
    if (payload) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(payload.length);
    }
    const exchange: Exchange = {
      kind,
      requestId,
      method,
      path,
      sentAt: Date.now(),
      answeredAt: 0,
      status: undefined,
      networkError: undefined,
      headersReceived: false,
      envelope: false,
      code: undefined,
      retryAfter: false,
      connectionClose: false,
      json: undefined,
    };
    this.exchanges.push(exchange);
    return new Promise((resolve) => {
      const finish = (error?: Error): void => {
        if (exchange.answeredAt !== 0) return;
        exchange.answeredAt = Date.now();
        if (error) {
          exchange.status = undefined;
          exchange.networkError = (error as NodeJS.ErrnoException).code ?? error.message;
        }
        resolve(exchange);
      };
      const request = http.request({ host: '127.0.0.1', port: this.port, method, path, headers, agent: options.agent ?? this.agent });
      request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
      request.on('error', finish);
      request.on('response', (response) => {
        exchange.headersReceived = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', finish);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          exchange.status = status;
          exchange.retryAfter = response.headers['retry-after'] !== undefined;
          exchange.connectionClose = response.headers.connection?.toLowerCase() === 'close';
          if (options.parse || status < 200 || status > 299) {
            exchange.json = parseJson(Buffer.concat(chunks).toString('utf8'));
            if (status >= 300) {
              exchange.envelope = isEnvelope(exchange.json);
              if (exchange.envelope) exchange.code = (exchange.json as { error: { code: string } }).error.code;
            }
          }
          finish();
        });
      });
      if (!payload) {
        if (options.onSocket) request.once('socket', options.onSocket);
        request.end();
      } else if (options.bodyPauseMs === undefined) {
        request.end(payload);
      } else {
        const half = Math.floor(payload.length / 2);
        request.write(payload.subarray(0, half), () => {
          options.onSocket?.(request.socket!);
          setTimeout(() => request.end(payload.subarray(half)), options.bodyPauseMs);
        });
      }
    });
  }

  /** Polls GET /ready until it answers 200 (the processes are up and wired). */
  async untilReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ready = await this.send('ready', 'GET', '/ready', { parse: true });
      if (ready.status === 200) return;
      if (Date.now() > deadline)
        throw new Error(`/ready not 200 within ${timeoutMs} ms: ${ready.status ?? ready.networkError} ${JSON.stringify(ready.json)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Polls GET /ready every `intervalMs` (one at a time) until the returned
   * stop function is called; the answers are recorded as kind 'ready'.
   */
  watchReady(intervalMs: number): () => Promise<void> {
    let stopped = false;
    const loop = (async () => {
      while (!stopped) {
        const started = Date.now();
        await this.send('ready', 'GET', '/ready', { parse: true });
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (Date.now() - started))));
      }
    })();
    return async () => {
      stopped = true;
      await loop;
    };
  }

  /**
   * Activity rows the gateway owes this traffic: one per request it answered
   * (whatever the status), plus the frontend_<type> row of each event it
   * accepted (202 on POST /activity/events).
   */
  expectedActivityRows(): number {
    let rows = 0;
    for (const exchange of this.exchanges) {
      // A response cut after its head was still answered, and recorded, by the gateway.
      if (!exchange.headersReceived) continue;
      rows += 1;
      if (exchange.status === 202 && exchange.method === 'POST' && exchange.path === '/api/v1/activity/events') rows += 1;
    }
    return rows;
  }

  close(): void {
    this.agent.destroy();
  }
}
