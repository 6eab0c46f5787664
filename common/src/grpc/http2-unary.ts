import http2 from 'node:http2';
import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { decodeGrpcMessage, frameMessage, metadataFromRawHeaders, unframeMessage } from './wire';

/** What a unary call needs from a generated method definition. */
export interface UnaryMethod {
  path: string;
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
const KEEPALIVE_INTERVAL_MS = 30_000;
const KEEPALIVE_TIMEOUT_MS = 10_000;

export function failure(code: grpc.status, details: string, metadata = new grpc.Metadata()): UnaryFailure {
  return Object.assign(new Error(details), { code, details, metadata });
}

/** How GrpcClientPool makes a unary call: over HTTP/2, or in process (local-calls.ts). */
export interface UnaryTransport {
  /** `signal`: the caller gave up; the call is cancelled (the server sees it) and answers CANCELLED. */
  call(method: UnaryMethod, request: unknown, metadata: Record<string, string>, deadlineMs: number, signal?: AbortSignal): Promise<unknown>;
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

/**
 * Unary gRPC calls written directly on node:http2, against the unchanged
 * grpc-js servers. grpc-js' client spends about twice the CPU per call on
 * its channel machinery (docs/benchmarks.md, DESIGN.md); a unary call is one
 * HTTP/2 stream: headers, one length-prefixed message, trailers. Several
 * sessions (connections) are used round-robin and re-opened after a failure.
 * Trace context travels in W3C headers under a CLIENT span.
 */
export class Http2UnaryTransport implements UnaryTransport {
  private readonly sessions: Array<http2.ClientHttp2Session | undefined>;
  private next = 0;
  private closed = false;

  constructor(
    private readonly target: string,
    connections: number,
    /** The largest response message accepted: a larger one fails the call with RESOURCE_EXHAUSTED. */
    private readonly maxReceiveBytes: number,
  ) {
    this.sessions = Array.from({ length: Math.max(1, connections) }, () => undefined);
  }

  private session(): http2.ClientHttp2Session {
    const index = this.next;
    this.next = (this.next + 1) % this.sessions.length;
    const existing = this.sessions[index];
    if (existing && !existing.closed && !existing.destroyed) return existing;
    const session = this.target.startsWith('unix:')
      ? http2.connect('http://localhost', { createConnection: () => net.connect(this.target.slice('unix:'.length)) })
      : http2.connect(`http://${this.target}`);
    // Failures surface on the streams; the session is simply replaced next time.
    session.on('error', () => undefined);
    const forget = () => {
      if (this.sessions[index] === session) this.sessions[index] = undefined;
    };
    session.once('close', forget);
    session.once('goaway', forget);
    // Keepalive: a connection whose peer vanished without a reset is found within seconds, not minutes.
    const keepalive = setInterval(() => this.probe(session), KEEPALIVE_INTERVAL_MS);
    keepalive.unref();
    session.once('close', () => clearInterval(keepalive));
    session.unref();
    this.sessions[index] = session;
    return session;
  }

  /** Pings the session; no answer within the timeout means the peer is gone: drop the connection. */
  private probe(session: http2.ClientHttp2Session): void {
    if (session.closed || session.destroyed || session.connecting) return;
    const timer = setTimeout(() => session.destroy(), KEEPALIVE_TIMEOUT_MS);
    timer.unref();
    const sent = session.ping((error) => {
      clearTimeout(timer);
      if (error) session.destroy();
    });
    if (!sent) clearTimeout(timer);
  }

  call(
    method: UnaryMethod,
    request: unknown,
    metadata: Record<string, string>,
    deadlineMs: number,
    signal?: AbortSignal,
  ): Promise<unknown> {
    if (this.closed) return Promise.reject(failure(grpc.status.UNAVAILABLE, 'The client is closed.'));
    if (signal?.aborted) return Promise.reject(failure(grpc.status.CANCELLED, 'The caller cancelled the call.'));
    const headers: http2.OutgoingHttpHeaders = {
      ':method': 'POST',
      ':path': method.path,
      'content-type': 'application/grpc',
      te: 'trailers',
      'grpc-timeout': `${Math.max(1, Math.ceil(deadlineMs))}m`,
      ...metadata,
    };
    return tracedExchange(method, headers as Record<string, string>, () => this.exchange(method, request, headers, deadlineMs, signal));
  }

  private exchange(
    method: UnaryMethod,
    request: unknown,
    headers: http2.OutgoingHttpHeaders,
    deadlineMs: number,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let stream: http2.ClientHttp2Stream;
      let payload: Buffer;
      try {
        payload = method.requestSerialize(request);
        stream = this.session().request(headers);
      } catch (error) {
        reject(failure(grpc.status.UNAVAILABLE, (error as Error).message));
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
        if (stream.session) this.probe(stream.session as http2.ClientHttp2Session);
      }, deadlineMs);

      let responseHeaders: http2.IncomingHttpHeaders = {};
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
      stream.on('error', (error) => settle(() => reject(failure(grpc.status.UNAVAILABLE, error.message))));
      stream.on('close', () => {
        // A trailers-only answer (every error from grpc-js) carries the status in the headers.
        const status = trailers ?? responseHeaders;
        const code = status['grpc-status'];
        if (code === undefined) {
          settle(() => reject(failure(grpc.status.UNAVAILABLE, 'The call ended without a status.')));
          return;
        }
        if (Number(code) !== grpc.status.OK) {
          const message = typeof status['grpc-message'] === 'string' ? decodeGrpcMessage(status['grpc-message']) : '';
          settle(() => reject(failure(Number(code), message, metadataFromRawHeaders(rawStatusHeaders))));
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
      stream.end(frameMessage(payload));
    });
  }

  close(): void {
    this.closed = true;
    for (const session of this.sessions) session?.close();
    this.sessions.fill(undefined);
  }
}
