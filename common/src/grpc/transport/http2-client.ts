import http2 from 'node:http2';
import * as grpc from '@grpc/grpc-js';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { service as healthService } from 'grpc-health-check';
import { DEFAULT_LIVENESS, type Endpoint, EndpointSet, everConnected, type Liveness, probeConnection, type Resolve } from './endpoints';
import { ERROR_CODE_KEY } from '../rpc/status';
import { decodeGrpcMessage, frameMessage, metadataFromRawHeaders, unframeMessage } from './wire';

/** What a unary call needs from a generated method definition. */
export interface UnaryMethod {
  path: string;
  /** The method's options from the .proto (proto-loader keeps them): idempotency_level says whether it may be repeated. */
  options?: { idempotency_level?: string };
  requestSerialize(value: unknown): Buffer;
  responseDeserialize(bytes: Buffer): unknown;
}

/** A failed call, shaped like grpc-js' ServiceError so statusToAppError reads both alike. */
export interface UnaryFailure extends Error {
  code: grpc.status;
  details: string;
  metadata: grpc.Metadata;
}

const tracer = trace.getTracer('evalplan-grpc-client');
const headerSetter = { set: (carrier: Record<string, string | string[]>, key: string, value: string) => (carrier[key] = value) };

export function failure(code: grpc.status, details: string, metadata = new grpc.Metadata()): UnaryFailure {
  return Object.assign(new Error(details), { code, details, metadata });
}

/** How one unary call is made: its metadata, its time, and its caller's abort. */
export interface UnaryCallOptions {
  metadata: Record<string, string>;
  deadlineMs: number;
  /** The caller gave up: the call is cancelled (the server sees it) and answers CANCELLED. */
  signal?: AbortSignal;
}

/** How GrpcClientPool makes a unary call: over HTTP/2, or in process (local-calls.ts). */
export interface UnaryTransport {
  call(method: UnaryMethod, request: unknown, options: UnaryCallOptions): Promise<unknown>;
  close(): void;
}

/**
 * Runs `exchange` under a CLIENT span, with the span's W3C trace context
 * added to the headers it is given, so the server's span continues the trace.
 */
export function tracedExchange(
  method: UnaryMethod,
  headers: Record<string, string | string[]>,
  exchange: (headers: Record<string, string | string[]>) => Promise<unknown>,
): Promise<unknown> {
  const span = tracer.startSpan(method.path.slice(1), {
    kind: SpanKind.CLIENT,
    attributes: { 'rpc.system': 'grpc', 'rpc.method': method.path.slice(method.path.lastIndexOf('/') + 1) },
  });
  propagation.inject(trace.setSpan(context.active(), span), headers, headerSetter);
  return exchange(headers).then(
    (response) => {
      span.end();
      return response;
    },
    (error: UnaryFailure) => {
      span.setAttribute('rpc.grpc.status_code', error.code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: grpc.status[error.code] });
      span.end();
      throw error;
    },
  );
}

/** A failed attempt, with what the retry logic needs to know about it. */
interface AttemptFailure extends UnaryFailure {
  /** The server never saw the call (no connection, refused stream, GOAWAY before it): safe to send again. */
  notStarted?: boolean;
  /** The endpoint's connection failed: it goes out of rotation. */
  endpointFailed?: boolean;
  /** The server answered with a status: the endpoint works, whatever the status says. */
  answered?: boolean;
}

/** Attempts per call: the first, and up to two retries. */
const MAX_ATTEMPTS = 3;
/** Times a call waits for an endpoint to come back into rotation (see EndpointSet.hurry) before it fails. */
const MAX_ENDPOINT_WAITS = 2;
/** First wait before a read is repeated after UNAVAILABLE; it doubles, with jitter. */
const RETRY_BASE_MS = 25;
/**
 * grpc.health.v1 Check, marked as the read it is (the .proto we do not own
 * says nothing), so a replica that fails it is asked again elsewhere.
 */
export const HEALTH_CHECK: UnaryMethod = {
  ...(healthService.Check as unknown as UnaryMethod),
  options: { idempotency_level: 'NO_SIDE_EFFECTS' },
};
const HEALTH_REQUEST = frameMessage(HEALTH_CHECK.requestSerialize({ service: '' }));
const PROBE_TIMEOUT_MS = 1_000;
/**
 * How long a call waits for an endpoint when every one is out of rotation
 * (their early probes answer within it, or the call fails UNAVAILABLE).
 */
const NO_ENDPOINT_WAIT_MS = 250;

/** Marked in the .proto as having no side effects (or being idempotent): repeating it changes nothing. */
export function isSafeToRepeat(method: UnaryMethod): boolean {
  const level = method.options?.idempotency_level;
  return level === 'NO_SIDE_EFFECTS' || level === 'IDEMPOTENT';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Http2UnaryTransportOptions {
  /** HTTP/2 connections per endpoint, used round-robin. */
  connections: number;
  /** The largest response message accepted: a larger one fails the call with RESOURCE_EXHAUSTED. */
  maxReceiveBytes: number;
  /** Finds a name's addresses (default: the system resolver) and how often they are looked up again. */
  resolve?: Resolve;
  resolveIntervalMs?: number;
  /** How a dead peer is found (default: 2 s to connect, a ping every 30 s with 10 s to answer). */
  liveness?: Liveness;
}

/**
 * Unary gRPC calls written directly on node:http2. grpc-js' client spends
 * about twice the CPU per call on its channel machinery (docs/benchmarks.md,
 * docs/architecture.md); a unary call is one HTTP/2 stream: headers, one
 * length-prefixed message, trailers. Calls are spread round-robin over the
 * target's endpoints (endpoints.ts). A call the server never started
 * (refused connection, refused stream, GOAWAY) is sent again at once on
 * another connection, for any method; a read marked safe to repeat is also
 * repeated after UNAVAILABLE, after a jittered wait, within its deadline.
 * Trace context travels in W3C headers under a CLIENT span.
 */
export class Http2UnaryTransport implements UnaryTransport {
  private readonly endpoints: EndpointSet;
  private closed = false;
  private readonly maxReceiveBytes: number;

  private readonly liveness: Liveness;

  constructor(target: string, options: Http2UnaryTransportOptions) {
    this.maxReceiveBytes = options.maxReceiveBytes;
    this.liveness = options.liveness ?? DEFAULT_LIVENESS;
    this.endpoints = new EndpointSet(target, {
      connections: options.connections,
      resolve: options.resolve,
      resolveIntervalMs: options.resolveIntervalMs,
      probe: (endpoint) => this.probe(endpoint),
      liveness: this.liveness,
    });
  }

  call(method: UnaryMethod, request: unknown, { metadata, deadlineMs, signal }: UnaryCallOptions): Promise<unknown> {
    if (this.closed) return Promise.reject(failure(grpc.status.UNAVAILABLE, 'The client is closed.'));
    if (signal?.aborted) return Promise.reject(failure(grpc.status.CANCELLED, 'The caller cancelled the call.'));
    let payload: Buffer;
    try {
      payload = frameMessage(method.requestSerialize(request));
    } catch (error) {
      return Promise.reject(failure(grpc.status.INTERNAL, `The request could not be encoded: ${(error as Error).message}`));
    }
    const headers: http2.OutgoingHttpHeaders = {
      ':method': 'POST',
      ':path': method.path,
      'content-type': 'application/grpc',
      te: 'trailers',
      ...metadata,
    };
    return tracedExchange(method, headers as Record<string, string>, () => this.attempt(method, payload, headers, deadlineMs, signal));
  }

  /** Sends the call, and again where that is safe: never past its deadline, never after its caller gave up. */
  private async attempt(
    method: UnaryMethod,
    payload: Buffer,
    headers: http2.OutgoingHttpHeaders,
    deadlineMs: number,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const deadline = Date.now() + deadlineMs;
    let previous: Endpoint | undefined;
    let sent = 0;
    let waits = 0;
    for (;;) {
      if (this.endpoints.unresolved) await this.endpoints.refresh();
      // The caller may have given up while the call waited for an endpoint or a retry.
      if (signal?.aborted) throw failure(grpc.status.CANCELLED, 'The caller cancelled the call.');
      const left = deadline - Date.now();
      if (left <= 0) throw failure(grpc.status.DEADLINE_EXCEEDED, 'Deadline exceeded');
      // Another endpoint than the one that just failed, where there is one in rotation; else that one again, on a
      // fresh connection (after a GOAWAY, say).
      const endpoint = this.endpoints.pick(previous) ?? (previous?.inRotation ? previous : undefined);
      if (!endpoint) {
        // No address at all (the name resolved to none): asking again at once would change nothing.
        if (waits >= MAX_ENDPOINT_WAITS || this.closed || this.endpoints.unresolved) {
          throw failure(grpc.status.UNAVAILABLE, this.endpoints.unavailableReason);
        }
        // Every endpoint is out of rotation: they are asked now, and the call waits (briefly) for one that is back.
        waits += 1;
        await this.endpoints.hurry(Math.min(left, NO_ENDPOINT_WAIT_MS));
        previous = undefined;
        continue;
      }
      sent += 1;
      let failed: AttemptFailure;
      try {
        const response = await this.exchange(endpoint, method, payload, headers, left, signal);
        this.endpoints.succeeded(endpoint);
        return response;
      } catch (error) {
        failed = error as AttemptFailure;
      }
      if (failed.endpointFailed) this.endpoints.failed(endpoint);
      else if (failed.answered) this.endpoints.succeeded(endpoint);
      previous = endpoint;
      // A service's own answer (a domain error, such as its database being down) is final: repeating it would only add load.
      const answeredByService = failed.metadata.get(ERROR_CODE_KEY).length > 0;
      if (failed.code !== grpc.status.UNAVAILABLE || answeredByService || sent >= MAX_ATTEMPTS || signal?.aborted || this.closed) {
        throw failed;
      }
      // Never started, on a connection that is gone: at once, elsewhere. Any other UNAVAILABLE: only a safe read, after a wait.
      if (failed.notStarted) continue;
      if (!isSafeToRepeat(method)) throw failed;
      const wait = Math.round(RETRY_BASE_MS * 2 ** (sent - 1) * (0.5 + Math.random()));
      if (Date.now() + wait >= deadline) throw failed;
      await sleep(wait);
    }
  }

  /** grpc.health.v1 Check of one endpoint: back in rotation only if it says SERVING. */
  private async probe(endpoint: Endpoint): Promise<boolean> {
    const headers: http2.OutgoingHttpHeaders = {
      ':method': 'POST',
      ':path': HEALTH_CHECK.path,
      'content-type': 'application/grpc',
      te: 'trailers',
    };
    const reply = (await this.exchange(endpoint, HEALTH_CHECK, HEALTH_REQUEST, headers, PROBE_TIMEOUT_MS, undefined)) as {
      status?: unknown;
    };
    return reply.status === 'SERVING';
  }

  /** One attempt on one endpoint. */
  private exchange(
    endpoint: Endpoint,
    method: UnaryMethod,
    payload: Buffer,
    headers: http2.OutgoingHttpHeaders,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let stream: http2.ClientHttp2Stream;
      let session: http2.ClientHttp2Session;
      headers['grpc-timeout'] = `${Math.max(1, Math.ceil(timeoutMs))}m`;
      try {
        session = endpoint.session();
        stream = session.request(headers);
      } catch (error) {
        // The connection was closing (GOAWAY) or is gone: the call never left.
        reject(Object.assign(failure(grpc.status.UNAVAILABLE, (error as Error).message), { notStarted: true }));
        return;
      }

      let settled = false;
      const settle = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        outcome();
      };
      // RST_STREAM(CANCEL): the server cancels the handler's context, and its work stops.
      const onAbort = (): void => {
        settle(() => reject(failure(grpc.status.CANCELLED, 'The caller cancelled the call.')));
        stream.close(http2.constants.NGHTTP2_CANCEL);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(() => {
        settle(() => reject(failure(grpc.status.DEADLINE_EXCEEDED, 'Deadline exceeded')));
        stream.close(http2.constants.NGHTTP2_CANCEL);
        // A slow call or a dead peer? A ping tells, and a dead connection is replaced.
        probeConnection(session, this.liveness.pingTimeoutMs);
      }, timeoutMs);

      let responseHeaders: http2.IncomingHttpHeaders | undefined;
      let trailers: http2.IncomingHttpHeaders | undefined;
      // As received, so that a metadata key sent several times keeps every value.
      let rawStatusHeaders: string[] = [];
      const chunks: Buffer[] = [];
      let received = 0;
      // node:http2 passes the raw headers as a third argument (not in its typings).
      stream.on('response', (answered: http2.IncomingHttpHeaders, _flags: number, raw: string[]) => {
        responseHeaders = answered;
        rawStatusHeaders = raw;
      });
      stream.on('trailers', (answered: http2.IncomingHttpHeaders, _flags: number, raw: string[]) => {
        trailers = answered;
        rawStatusHeaders = raw;
      });
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length;
        // Its 5-byte prefix aside, the message may be at most maxReceiveBytes: nothing larger is buffered.
        if (received > this.maxReceiveBytes + 5) {
          settle(() =>
            reject(failure(grpc.status.RESOURCE_EXHAUSTED, `The response is larger than the ${this.maxReceiveBytes} bytes accepted.`)),
          );
          stream.close(http2.constants.NGHTTP2_CANCEL);
          return;
        }
        chunks.push(chunk);
      });
      const lost = (message: string): AttemptFailure => {
        // REFUSED_STREAM: the server declined it unprocessed, because it is still starting or going away (GOAWAY).
        const refused = responseHeaders === undefined && stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM;
        const cameUp = everConnected(session);
        return Object.assign(failure(grpc.status.UNAVAILABLE, message), {
          // Refused, never sent (no stream id), or sent on a connection the peer never took up (its SETTINGS never
          // came, as gRPC would not have sent it): the server did not start it.
          notStarted: refused || (responseHeaders === undefined && (stream.id === undefined || !cameUp)),
          // A connection that never came up, or a server refusing work while not going away (no GOAWAY: it is still
          // starting), takes the endpoint out until a probe finds it serving. After a GOAWAY the next call simply
          // opens a new connection; a live connection that broke is simply replaced.
          endpointFailed: !cameUp || (refused && !session.closed),
        });
      };
      stream.on('error', (error) => settle(() => reject(lost(error.message))));
      stream.on('close', () => {
        // A trailers-only answer (every error from grpc-js) carries the status in the headers.
        const status = trailers ?? responseHeaders;
        const code = status?.['grpc-status'];
        if (status === undefined || code === undefined) {
          settle(() => reject(lost('The call ended without a status.')));
          return;
        }
        if (Number(code) !== grpc.status.OK) {
          const message = typeof status['grpc-message'] === 'string' ? decodeGrpcMessage(status['grpc-message']) : '';
          settle(() => reject(Object.assign(failure(Number(code), message, metadataFromRawHeaders(rawStatusHeaders)), { answered: true })));
          return;
        }
        settle(() => {
          try {
            const framed = unframeMessage(Buffer.concat(chunks));
            if (!framed || framed.compressed) throw new Error('unreadable response');
            resolve(method.responseDeserialize(framed.message));
          } catch {
            reject(failure(grpc.status.INTERNAL, 'The response could not be read.'));
          }
        });
      });
      stream.end(payload);
    });
  }

  close(): void {
    this.closed = true;
    this.endpoints.close();
  }
}
