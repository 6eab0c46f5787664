import { rm } from 'node:fs/promises';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { Status, type StatusCode, statusName } from './codes';
import type { ServiceDefinition } from './definitions';
import { LocalCall } from './local-call';
import { Metadata } from './metadata';
import { type CallStatus, type LocalOutcome, type LocalRequest, type Route, ServerCall, type ServiceHandlers } from './server-call';
import { encodeGrpcMessage, frameMessage, metadataFromRawHeaders, metadataToHeaders, unframeMessage } from './wire';

const tracer = trace.getTracer('evalplan-grpc-server');
const headerGetter = {
  keys: (carrier: http2.IncomingHttpHeaders) => Object.keys(carrier),
  get: (carrier: http2.IncomingHttpHeaders, key: string) => carrier[key] as string | undefined,
};
const TIMEOUT_UNITS: Record<string, number> = { H: 3_600_000, M: 60_000, S: 1_000, m: 1, u: 0.001, n: 0.000001 };
/** grpc-js' default receive limit: requests come from our gateway, whose bodies are capped far below. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** Clients ping every 30 s; a connection silent for this long has lost its caller. */
const IDLE_SESSION_MS = 5 * 60_000;
/**
 * Flow-control windows. HTTP/2's default of 64 KB makes a caller stop in the
 * middle of any larger request (an activity batch is 100-150 KB) and wait
 * for a WINDOW_UPDATE: an extra round trip and wake-up on both sides per
 * call. With 1 MB a call and 4 MB a connection such requests go in one go.
 */
const STREAM_WINDOW_BYTES = 1024 * 1024;
const CONNECTION_WINDOW_BYTES = 4 * 1024 * 1024;

function timeoutMsOf(header: string | string[] | undefined): number | undefined {
  const match = typeof header === 'string' ? /^(\d{1,8})([HMSmun])$/.exec(header) : null;
  return match ? Number(match[1]) * TIMEOUT_UNITS[match[2]!]! : undefined;
}

/**
 * One call on the wire, shaped like the grpc-js call objects that bindService
 * and the health service expect (request, metadata, cancelled, write, end,
 * emit('error', status)), so handlers are the same whichever server runs them.
 */
class Call extends ServerCall {
  private headersSent = false;
  private parsedMetadata: Metadata | undefined;

  constructor(
    private readonly stream: http2.ServerHttp2Stream,
    private readonly route: Route,
    readonly request: unknown,
    private readonly headers: http2.IncomingHttpHeaders,
    /** The headers as received, name and value alternating: repeated metadata keys keep every value. */
    private readonly rawHeaders: string[],
    private readonly onDone: (code: StatusCode) => void,
  ) {
    super();
    if (route.definition.responseStream) {
      // A server stream reports its failures by emitting 'error' (see failStream).
      this.on('error', (status: CallStatus) => this.finish(status));
      // Writers that respect back-pressure wait for 'drain', as on grpc-js calls.
      stream.on('drain', () => this.emit('drain'));
    }
  }

  /** The caller's metadata, built on first use. */
  get metadata(): Metadata {
    this.parsedMetadata ??= metadataFromRawHeaders(this.rawHeaders);
    return this.parsedMetadata;
  }

  /** One metadata value without building the whole set (the request id, on every call). */
  metadataValue(key: string): string | undefined {
    const value = this.headers[key];
    return typeof value === 'string' ? value : undefined;
  }

  getPeer(): string {
    const socket = this.stream.session?.socket;
    return socket ? `${socket.remoteAddress ?? 'unix'}:${socket.remotePort ?? 0}` : 'unknown';
  }

  sendMetadata(): void {
    this.sendHeaders();
  }

  protected respondWith(value: unknown): void {
    this.write(value);
  }

  write(message: unknown): boolean {
    if (this.finished || this.stream.destroyed) return false;
    this.sendHeaders();
    return this.stream.write(frameMessage(this.route.definition.responseSerialize(message)));
  }

  end(): void {
    this.finish({ code: Status.OK });
  }

  /** Ends the call with a status: in trailers after a response, or as a trailers-only answer. */
  finish(status: CallStatus): void {
    if (this.finished) return;
    const code = status.code ?? Status.UNKNOWN;
    const trailers: http2.OutgoingHttpHeaders = {
      'grpc-status': String(code),
      ...(status.details ? { 'grpc-message': encodeGrpcMessage(status.details) } : {}),
      ...metadataToHeaders(status.metadata),
    };
    this.finished = true;
    this.onDone(code);
    if (this.stream.destroyed || this.stream.closed) return;
    if (this.headersSent) {
      this.stream.once('wantTrailers', () => this.stream.sendTrailers(trailers));
      this.stream.end();
    } else {
      this.stream.respond({ ':status': 200, 'content-type': 'application/grpc', ...trailers }, { endStream: true });
    }
  }

  private sendHeaders(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    this.stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
  }

  /** The caller went away (or the deadline passed): tell the handler, and close the books on the call. */
  cancel(): void {
    if (this.cancelled || this.finished) return;
    this.cancelled = true;
    this.finished = true;
    this.onDone(Status.CANCELLED);
    this.emit('cancelled');
  }
}

/**
 * A gRPC server written on node:http2, for the calls our services make:
 * unary and server-streaming methods without compression, and the
 * bidirectional stream of server reflection. It takes the same
 * service definitions and handlers as grpc-js (addService), so bindService and
 * the grpc.health.v1 implementation run on it unchanged; grpc-js clients and
 * the gateway's HTTP/2 client both speak to it. Per call it does a fraction
 * of grpc-js' server-side work (docs/benchmarks.md). Every call gets a SERVER
 * span continuing the caller's W3C trace context.
 */
export class Http2GrpcServer {
  private readonly routes = new Map<string, Route>();
  private readonly server: http2.Http2Server;
  private readonly sessions = new Set<http2.ServerHttp2Session>();
  private readonly active = new Set<Call | LocalCall>();
  /** Resolves close() once the last call in flight is done. */
  private onIdle: (() => void) | undefined;
  private closing = false;
  /** Until ready(), a method without a handler is one not added yet: refused unprocessed, so callers go elsewhere. */
  private starting = true;

  /** `maxRequestBytes`: the largest request message accepted; a larger one is answered RESOURCE_EXHAUSTED. */
  constructor(private readonly maxRequestBytes = DEFAULT_MAX_MESSAGE_BYTES) {
    this.server = http2.createServer({ settings: { initialWindowSize: STREAM_WINDOW_BYTES } });
    this.server.on('session', (session) => {
      this.sessions.add(session);
      session.setLocalWindowSize(CONNECTION_WINDOW_BYTES);
      session.on('error', () => undefined);
      // Connections of callers that vanished without a word are closed after a while of silence.
      session.setTimeout(IDLE_SESSION_MS, () => session.close());
      session.once('close', () => this.sessions.delete(session));
    });
    // node:http2 passes the raw headers too (not in its typings): repeated metadata keys need them.
    this.server.on('stream', (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders, _flags: number, rawHeaders: string[]) =>
      this.onStream(stream, headers, rawHeaders),
    );
  }

  /** Every service added, in order (for reflection). */
  readonly services: ServiceDefinition[] = [];

  addService(service: ServiceDefinition, implementation: ServiceHandlers): void {
    this.services.push(service);
    for (const [name, definition] of Object.entries(service)) {
      const handler = implementation[name] ?? implementation[definition.originalName ?? ''];
      if (handler) this.routes.set(definition.path, { definition, handler });
    }
  }

  /** Every service is added: from now on a method without a handler is UNIMPLEMENTED. */
  ready(): void {
    this.starting = false;
  }

  /** Listens on host:port (0 for a free port) or unix:/path; resolves with the port (0 for a socket). */
  async listen(address: string): Promise<number> {
    const listening = (bind: (done: () => void) => void) =>
      new Promise<void>((resolve, reject) => {
        this.server.once('error', reject);
        bind(() => {
          this.server.off('error', reject);
          resolve();
        });
      });
    if (address.startsWith('unix:')) {
      const path = address.slice('unix:'.length);
      // A socket file left by a process that did not shut down cleanly would make the bind fail.
      await rm(path, { force: true });
      await listening((done) => this.server.listen(path, done));
      return 0;
    }
    const at = address.lastIndexOf(':');
    const host = address.slice(0, at).replace(/^\[(.*)\]$/, '$1');
    await listening((done) => this.server.listen(Number(address.slice(at + 1)), host, done));
    return (this.server.address() as AddressInfo).port;
  }

  /** Stops accepting, lets calls in flight finish until the deadline, then cuts the rest. */
  async close(deadlineMs: number): Promise<boolean> {
    this.closing = true;
    const network = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // In-process calls have no session to close: wait for the last of them too.
    const closed = network.then(
      () =>
        new Promise<void>((resolve) => {
          if (this.active.size === 0) resolve();
          else this.onIdle = resolve;
        }),
    );
    for (const session of this.sessions) session.close();
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), deadlineMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    if (!drained) {
      for (const call of this.active) call.cancel();
      for (const session of this.sessions) session.destroy();
      // Handlers that still run past the deadline are not waited for any longer.
      this.active.clear();
      this.onIdle?.();
      await closed;
    }
    return drained;
  }

  /**
   * A unary call from this process, answered by the same handlers as calls
   * over the network (deadline, span, request context) without HTTP/2 and
   * the event-loop turns it costs on both ends. UNAVAILABLE while starting or
   * once closing, as the network would answer.
   */
  callLocal({ path, request, headers, deadlineMs, signal }: LocalRequest): Promise<LocalOutcome> {
    const route = this.routes.get(path);
    const refuse = (code: StatusCode, details: string) => Promise.resolve({ code, details, metadata: new Metadata() });
    if (signal?.aborted) return refuse(Status.CANCELLED, 'Cancelled');
    if (this.closing) return refuse(Status.UNAVAILABLE, 'The service is shutting down.');
    if (!route) {
      return this.starting
        ? refuse(Status.UNAVAILABLE, 'The service is starting.')
        : refuse(Status.UNIMPLEMENTED, `The method ${path} is not implemented.`);
    }
    if (route.definition.responseStream) return refuse(Status.UNIMPLEMENTED, 'Streams are not called in process.');
    let decoded: unknown;
    try {
      decoded = route.definition.requestDeserialize(request);
    } catch {
      return refuse(Status.INTERNAL, 'The request message could not be read.');
    }
    return new Promise((resolve) => {
      const call = this.dispatch(headers, route, path, deadlineMs, (onDone) => new LocalCall(route, decoded, headers, onDone, resolve));
      // The caller gave up: the handler is told, as a reset stream would tell it.
      if (signal) {
        const cancel = () => call.cancel();
        signal.addEventListener('abort', cancel, { once: true });
        call.once('done', () => signal.removeEventListener('abort', cancel));
      }
    });
  }

  private onStream(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders, rawHeaders: string[]): void {
    stream.on('error', () => undefined);
    const path = headers[':path'] ?? '';
    const route = this.routes.get(path);
    const refuse = (code: StatusCode, details: string) =>
      stream.respond(
        { ':status': 200, 'content-type': 'application/grpc', 'grpc-status': String(code), 'grpc-message': encodeGrpcMessage(details) },
        { endStream: true },
      );
    if (!route) {
      // Still starting: refused unprocessed (REFUSED_STREAM), so any client may send it elsewhere, whatever the method.
      if (this.starting) stream.close(http2.constants.NGHTTP2_REFUSED_STREAM);
      else refuse(Status.UNIMPLEMENTED, `The method ${path} is not implemented.`);
      return;
    }
    if (!String(headers['content-type'] ?? '').startsWith('application/grpc')) {
      stream.respond({ ':status': 415 }, { endStream: true });
      return;
    }
    if (route.definition.requestStream) {
      this.onRequestStream(stream, route, path, headers, rawHeaders);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      // The message may be maxRequestBytes long, after its 5-byte prefix.
      if (received > this.maxRequestBytes + 5) {
        if (!stream.headersSent) refuse(Status.RESOURCE_EXHAUSTED, 'The request message is too large.');
        stream.close(http2.constants.NGHTTP2_CANCEL);
        return;
      }
      chunks.push(chunk);
    });
    stream.once('end', () => {
      if (received > this.maxRequestBytes + 5) return;
      const framed = unframeMessage(Buffer.concat(chunks));
      if (!framed) {
        refuse(Status.INTERNAL, 'The request message is incomplete.');
        return;
      }
      if (framed.compressed) {
        refuse(Status.UNIMPLEMENTED, 'Compressed messages are not supported.');
        return;
      }
      let request: unknown;
      try {
        request = route.definition.requestDeserialize(framed.message);
      } catch {
        refuse(Status.INTERNAL, 'The request message could not be read.');
        return;
      }
      const call = this.dispatch(
        headers,
        route,
        path,
        timeoutMsOf(headers['grpc-timeout']),
        (onDone) => new Call(stream, route, request, headers, rawHeaders, onDone),
      );
      stream.once('close', () => call.cancel());
    });
  }

  /**
   * A call whose caller sends a stream of messages (server reflection's is
   * the only one): the handler starts at once and gets each message as a
   * 'data' event the moment its frame is complete, then 'end'. Each message
   * is held to the same size limit as a unary request.
   */
  private onRequestStream(
    stream: http2.ServerHttp2Stream,
    route: Route,
    path: string,
    headers: http2.IncomingHttpHeaders,
    rawHeaders: string[],
  ): void {
    const call = this.dispatch(
      headers,
      route,
      path,
      timeoutMsOf(headers['grpc-timeout']),
      (onDone) => new Call(stream, route, undefined, headers, rawHeaders, onDone),
    );
    stream.once('close', () => call.cancel());
    let pending: Buffer = Buffer.alloc(0);
    stream.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (pending.length >= 5) {
        const length = pending.readUInt32BE(1);
        if (length > this.maxRequestBytes) {
          call.finish({ code: Status.RESOURCE_EXHAUSTED, details: 'The request message is too large.' });
          stream.close(http2.constants.NGHTTP2_CANCEL);
          return;
        }
        if (pending.length < 5 + length) return;
        const framed = unframeMessage(pending)!;
        pending = pending.subarray(5 + length);
        if (framed.compressed) {
          call.finish({ code: Status.UNIMPLEMENTED, details: 'Compressed messages are not supported.' });
          return;
        }
        let message: unknown;
        try {
          message = route.definition.requestDeserialize(framed.message);
        } catch {
          call.finish({ code: Status.INTERNAL, details: 'The request message could not be read.' });
          return;
        }
        call.emit('data', message);
      }
    });
    stream.once('end', () => {
      if (pending.length > 0) call.finish({ code: Status.INTERNAL, details: 'The request message is incomplete.' });
      else call.emit('end');
    });
  }

  /** Runs a call's handler under a SERVER span continuing the caller's trace, with its deadline. */
  private dispatch<C extends Call | LocalCall>(
    headers: http2.IncomingHttpHeaders,
    route: Route,
    path: string,
    timeoutMs: number | undefined,
    makeCall: (onDone: (code: StatusCode) => void) => C,
  ): C {
    const parent = propagation.extract(context.active(), headers, headerGetter);
    const span = tracer.startSpan(
      path.slice(1),
      {
        kind: SpanKind.SERVER,
        attributes: { 'rpc.system': 'grpc', 'rpc.method': path.slice(path.lastIndexOf('/') + 1) },
      },
      parent,
    );
    let timer: NodeJS.Timeout | undefined;
    // A unary call counts as in flight (for a drain) until it is answered and its handler is done: a call whose
    // caller left is answered at once, but its handler may still be writing to the database.
    let unsettled = route.definition.responseStream ? 1 : 2;
    const settle = () => {
      unsettled -= 1;
      if (unsettled > 0) return;
      this.active.delete(call);
      if (this.active.size === 0) this.onIdle?.();
    };
    const call = makeCall((code) => {
      clearTimeout(timer);
      settle();
      span.setAttribute('rpc.StatusCode_code', code);
      if (code !== Status.OK) span.setStatus({ code: SpanStatusCode.ERROR, message: statusName(code) });
      span.end();
    });
    this.active.add(call);
    if (!route.definition.responseStream) call.onHandled = settle;
    if (timeoutMs !== undefined) {
      call.deadline = Date.now() + timeoutMs;
      timer = setTimeout(() => {
        call.finish({ code: Status.DEADLINE_EXCEEDED, details: 'Deadline exceeded' });
        call.cancelled = true;
        call.emit('cancelled');
      }, timeoutMs);
      timer.unref();
    }
    context.with(trace.setSpan(parent, span), () => {
      if (route.definition.responseStream) (route.handler as unknown as (call: C) => void)(call);
      else (route.handler as unknown as (call: C, callback: C['callback']) => void)(call, call.callback);
    });
    return call;
  }
}
