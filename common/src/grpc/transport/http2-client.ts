import http2 from 'node:http2';
import { context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { Status, type StatusCode, statusName } from './codes';
import { isSafeToRepeat, type MethodDefinition } from './definitions';
import { DEFAULT_LIVENESS, type Endpoint, EndpointSet, everConnected, type Liveness, probeConnection, type Resolve } from './endpoints';
import { HEALTH_CHECK, HEALTH_REQUEST } from './health';
import { Metadata } from './metadata';
import { MessageReader } from './message-reader';
import { decodeGrpcMessage, frameMessage, metadataFromRawHeaders } from './wire';

/** What a call needs from a method definition. */
export type CallMethod = Pick<MethodDefinition, 'path' | 'options' | 'requestSerialize' | 'responseDeserialize'>;

/** A failed call: its status code, message and trailing metadata (grpc-js' ServiceError has the same fields). */
export interface CallFailure extends Error {
  code: StatusCode;
  details: string;
  metadata: Metadata;
}

export function failure(code: StatusCode, details: string, metadata = new Metadata()): CallFailure {
  return Object.assign(new Error(details), { code, details, metadata });
}

/** How one call is made: its metadata, its time, and its caller's abort. */
export interface CallOptions {
  metadata: Record<string, string>;
  deadlineMs: number;
  /** The caller gave up: the call is cancelled (the server sees it) and fails CANCELLED. */
  signal?: AbortSignal;
}

/** How a unary call is made: over HTTP/2, or in process (local-services.ts). */
export interface UnaryTransport {
  call(method: CallMethod, request: unknown, options: CallOptions): Promise<unknown>;
  close(): void;
}

/**
 * How a server stream that breaks part-way (its replica went away) carries
 * on from another replica: the call is made again, its first message must
 * start the same stream, and what was already delivered is skipped. Only
 * for methods marked safe to repeat; the items are measured in units (the
 * bytes of a file, say) so the replicas need not cut them alike.
 */
export interface Resume<Item> {
  /** How many times a stream may carry on elsewhere. */
  times: number;
  /** Whether a new call's first item starts the same stream as the first call's (the same file version, say). */
  sameStream(first: Item, again: Item): boolean;
  /** How many units an item carries. */
  sizeOf(item: Item): number;
  /** The item without its first `units` units. */
  skip(item: Item, units: number): Item;
}

export interface StreamOptions<Item> extends CallOptions {
  /** How long the stream may take to get its first answer (a replica took it), within deadlineMs; default all of it. */
  firstAnswerMs?: number;
  resume?: Resume<Item>;
}

/** A server stream's messages, and a way to stop it early (the server is told). */
export interface MessageStream<Item> extends AsyncIterable<Item> {
  cancel(): void;
}

const tracer = trace.getTracer('evalplan-grpc-client');
const headerSetter = { set: (carrier: Record<string, string | string[]>, key: string, value: string) => (carrier[key] = value) };

/** A CLIENT span for a call, its W3C trace context added to the headers, so the server's span continues the trace. */
function startCallSpan(method: CallMethod, headers: Record<string, string | string[]>): Span {
  const span = tracer.startSpan(method.path.slice(1), {
    kind: SpanKind.CLIENT,
    attributes: { 'rpc.system': 'grpc', 'rpc.method': method.path.slice(method.path.lastIndexOf('/') + 1) },
  });
  propagation.inject(trace.setSpan(context.active(), span), headers, headerSetter);
  return span;
}

function endCallSpan(span: Span, error?: Partial<CallFailure>): void {
  if (error) {
    const code = error.code ?? Status.UNKNOWN;
    span.setAttribute('rpc.grpc.status_code', code);
    span.setStatus({ code: SpanStatusCode.ERROR, message: statusName(code) });
  }
  span.end();
}

/** Runs `exchange` under a CLIENT span (tracing.ts's for the in-process calls too). */
export function tracedExchange(
  method: CallMethod,
  headers: Record<string, string | string[]>,
  exchange: (headers: Record<string, string | string[]>) => Promise<unknown>,
): Promise<unknown> {
  const span = startCallSpan(method, headers);
  return exchange(headers).then(
    (response) => {
      endCallSpan(span);
      return response;
    },
    (error: CallFailure) => {
      endCallSpan(span, error);
      throw error;
    },
  );
}

/** A failed attempt, with what the retry logic needs to know about it. */
interface AttemptFailure extends CallFailure {
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
/** The longest of those waits (a stream waiting for a replica may retry many times). */
const RETRY_MAX_MS = 1_000;
const PROBE_TIMEOUT_MS = 1_000;
/**
 * How long a call waits for an endpoint when every one is out of rotation
 * (their early probes answer within it, or the call fails UNAVAILABLE).
 */
const NO_ENDPOINT_WAIT_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Http2ClientOptions {
  /** HTTP/2 connections per endpoint, used round-robin. */
  connections: number;
  /** The largest response message accepted: a larger one fails the call with RESOURCE_EXHAUSTED. */
  maxReceiveBytes: number;
  /** Finds a name's addresses (default: the system resolver) and how often they are looked up again. */
  resolve?: Resolve;
  resolveIntervalMs?: number;
  /** How a dead peer is found (default: 2 s to connect, a ping every 30 s with 10 s to answer). */
  liveness?: Liveness;
  /**
   * Whether a failure's metadata shows an answer the service meant (a
   * domain error): such an answer is final, never repeated elsewhere.
   */
  isFinalAnswer?: (metadata: Metadata) => boolean;
}

/** What a call is sent with, built once for all its attempts. */
interface Outgoing {
  method: CallMethod;
  payload: Buffer;
  headers: http2.OutgoingHttpHeaders;
  signal: AbortSignal | undefined;
}

/**
 * gRPC calls written directly on node:http2: unary calls and server
 * streams. grpc-js' client spends about twice the CPU per call on its
 * channel machinery (docs/benchmarks.md). Calls are spread round-robin over
 * the target's endpoints (endpoints.ts). A call the server never started
 * (refused connection, refused stream, GOAWAY) is sent again at once on
 * another connection, for any method; a method marked safe to repeat is also
 * repeated after UNAVAILABLE, after a jittered wait, within its deadline (a
 * stream only until its first message). Trace context travels in W3C
 * headers under a CLIENT span.
 */
export class Http2Client implements UnaryTransport {
  private readonly endpoints: EndpointSet;
  private closed = false;
  private readonly maxReceiveBytes: number;
  private readonly liveness: Liveness;
  private readonly isFinalAnswer: (metadata: Metadata) => boolean;

  constructor(target: string, options: Http2ClientOptions) {
    this.maxReceiveBytes = options.maxReceiveBytes;
    this.liveness = options.liveness ?? DEFAULT_LIVENESS;
    this.isFinalAnswer = options.isFinalAnswer ?? (() => false);
    this.endpoints = new EndpointSet(target, {
      connections: options.connections,
      resolve: options.resolve,
      resolveIntervalMs: options.resolveIntervalMs,
      probe: (endpoint) => this.probe(endpoint),
      liveness: this.liveness,
    });
  }

  /** A unary call: its response message, or a CallFailure. */
  call(method: CallMethod, request: unknown, { metadata, deadlineMs, signal }: CallOptions): Promise<unknown> {
    let outgoing: Outgoing;
    try {
      outgoing = this.outgoing(method, request, metadata, signal);
    } catch (error) {
      return Promise.reject(error as CallFailure);
    }
    const deadline = Date.now() + deadlineMs;
    return tracedExchange(method, outgoing.headers as Record<string, string>, () =>
      this.withRetries(outgoing, deadline, (endpoint, leftMs) => this.exchange(endpoint, outgoing, leftMs)),
    );
  }

  /**
   * A server stream. The call is made when its messages are first asked
   * for; it may be repeated (safe methods) until its first message, and with
   * `resume` it carries on from another replica when it breaks part-way.
   * Messages are read as the consumer takes them: a slow reader slows the
   * server down (HTTP/2 flow control), nothing piles up here.
   */
  serverStream<Item>(method: CallMethod, request: unknown, options: StreamOptions<Item>): MessageStream<Item> {
    const cancelled = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, cancelled.signal]) : cancelled.signal;
    return {
      cancel: () => cancelled.abort(),
      [Symbol.asyncIterator]: () => this.streamItems<Item>(method, request, { ...options, signal }),
    };
  }

  private async *streamItems<Item>(method: CallMethod, request: unknown, options: StreamOptions<Item>): AsyncGenerator<Item> {
    const outgoing = this.outgoing(method, request, options.metadata, options.signal);
    const span = startCallSpan(method, outgoing.headers as Record<string, string>);
    const deadline = Date.now() + options.deadlineMs;
    const safe = isSafeToRepeat(method);
    const resume = safe ? options.resume : undefined;
    let first: Item | undefined;
    /** Units of the stream the consumer has had (with resume). */
    let delivered = 0;
    let ended: CallFailure | 'ok' | undefined;
    try {
      for (let resumes = 0; ; resumes += 1) {
        const openBy = Math.min(deadline, Date.now() + (options.firstAnswerMs ?? options.deadlineMs));
        const incoming = await this.withRetries(
          outgoing,
          openBy,
          (endpoint, leftMs) => this.openStream(endpoint, outgoing, deadline - Date.now(), leftMs),
          safe,
        );
        try {
          // Where this call is in the stream, in units: what the consumer already had is skipped.
          let position = 0;
          let firstOfCall = true;
          for (let next = await incoming.next(); next !== END; next = await incoming.next()) {
            const item = next as Item;
            const startsThisCall = firstOfCall;
            firstOfCall = false;
            if (!resume) {
              yield item;
              continue;
            }
            // A resumed call must start with the same stream's first item (the same file version, say).
            if (first === undefined) first = item;
            else if (startsThisCall && !resume.sameStream(first, item))
              throw Object.assign(failure(Status.UNAVAILABLE, 'The stream changed while it was resumed.'), { answered: true });
            const size = resume.sizeOf(item);
            const skip = delivered - position;
            position += size;
            if (item === first || skip <= 0) yield item;
            else if (skip < size) yield resume.skip(item, skip);
            else continue;
            delivered = Math.max(delivered, position);
          }
          ended = 'ok';
          return;
        } catch (error) {
          const broken = error as AttemptFailure;
          const carryOn =
            resume && resumes < resume.times && broken.code === Status.UNAVAILABLE && !broken.answered && !outgoing.signal?.aborted;
          if (!carryOn) throw error;
        } finally {
          incoming.close();
        }
      }
    } catch (error) {
      ended = error as CallFailure;
      throw error;
    } finally {
      // Ended early by its reader (a break out of the loop) counts as done, not failed.
      endCallSpan(span, ended === 'ok' || ended === undefined ? undefined : ended);
    }
  }

  /** The call's headers and framed request; a request that cannot be encoded fails INTERNAL, a cancelled or closed one at once. */
  private outgoing(method: CallMethod, request: unknown, metadata: Record<string, string>, signal: AbortSignal | undefined): Outgoing {
    if (this.closed) throw failure(Status.UNAVAILABLE, 'The client is closed.');
    if (signal?.aborted) throw failure(Status.CANCELLED, 'The caller cancelled the call.');
    let payload: Buffer;
    try {
      payload = frameMessage(method.requestSerialize(request));
    } catch (error) {
      throw failure(Status.INTERNAL, `The request could not be encoded: ${(error as Error).message}`);
    }
    const headers: http2.OutgoingHttpHeaders = {
      ':method': 'POST',
      ':path': method.path,
      'content-type': 'application/grpc',
      te: 'trailers',
      ...metadata,
    };
    return { method, payload, headers, signal };
  }

  /**
   * Sends the call, and again where that is safe: never past `deadline`,
   * never after its caller gave up. With `waitForReady` (safe streams) a
   * call keeps waiting for an endpoint to come back until its deadline,
   * where others fail after a few short waits.
   */
  private async withRetries<T>(
    outgoing: Outgoing,
    deadline: number,
    send: (endpoint: Endpoint, leftMs: number) => Promise<T>,
    waitForReady = false,
  ): Promise<T> {
    const { method, signal } = outgoing;
    let previous: Endpoint | undefined;
    let sent = 0;
    let waits = 0;
    for (;;) {
      if (this.endpoints.unresolved) await this.endpoints.refresh();
      // The caller may have given up while the call waited for an endpoint or a retry.
      if (signal?.aborted) throw failure(Status.CANCELLED, 'The caller cancelled the call.');
      const left = deadline - Date.now();
      if (left <= 0) throw failure(Status.DEADLINE_EXCEEDED, 'Deadline exceeded');
      // Another endpoint than the one that just failed, where there is one in rotation; else that one again, on a
      // fresh connection (after a GOAWAY, say).
      const endpoint = this.endpoints.pick(previous) ?? (previous?.inRotation ? previous : undefined);
      if (!endpoint) {
        // No address at all (the name resolved to none): asking again at once would change nothing.
        if ((waits >= MAX_ENDPOINT_WAITS && !waitForReady) || this.closed || this.endpoints.unresolved) {
          throw failure(Status.UNAVAILABLE, this.endpoints.unavailableReason);
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
        const answer = await send(endpoint, left);
        this.endpoints.succeeded(endpoint);
        return answer;
      } catch (error) {
        failed = error as AttemptFailure;
      }
      if (failed.endpointFailed) this.endpoints.failed(endpoint);
      else if (failed.answered) this.endpoints.succeeded(endpoint);
      previous = endpoint;
      // A service's own answer (a domain error, such as its database being down) is final: repeating it would only add load.
      if (
        failed.code !== Status.UNAVAILABLE ||
        this.isFinalAnswer(failed.metadata) ||
        sent >= MAX_ATTEMPTS ||
        signal?.aborted ||
        this.closed
      ) {
        throw failed;
      }
      // Never started, on a connection that is gone: at once, elsewhere. Any other UNAVAILABLE: only a safe read, after a wait.
      if (failed.notStarted) continue;
      if (!isSafeToRepeat(method)) throw failed;
      const wait = Math.round(Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (sent - 1)) * (0.5 + Math.random()));
      if (Date.now() + wait >= deadline) throw failed;
      await sleep(wait);
    }
  }

  /** grpc.health.v1 Check of one endpoint: back in rotation only if it says SERVING. */
  private async probe(endpoint: Endpoint): Promise<boolean> {
    const probe: Outgoing = {
      method: HEALTH_CHECK,
      payload: HEALTH_REQUEST,
      headers: { ':method': 'POST', ':path': HEALTH_CHECK.path, 'content-type': 'application/grpc', te: 'trailers' },
      signal: undefined,
    };
    const reply = (await this.exchange(endpoint, probe, PROBE_TIMEOUT_MS)) as { status?: unknown };
    return reply.status === 'SERVING';
  }

  /** Opens one attempt's HTTP/2 stream; a connection that is closing or gone fails it as never sent. */
  private request(
    endpoint: Endpoint,
    outgoing: Outgoing,
    timeoutMs: number,
  ): { session: http2.ClientHttp2Session; stream: http2.ClientHttp2Stream } {
    outgoing.headers['grpc-timeout'] = `${Math.max(1, Math.ceil(timeoutMs))}m`;
    try {
      const session = endpoint.session();
      return { session, stream: session.request(outgoing.headers) };
    } catch (error) {
      throw Object.assign(failure(Status.UNAVAILABLE, (error as Error).message), { notStarted: true });
    }
  }

  /** One unary attempt on one endpoint. */
  private exchange(endpoint: Endpoint, outgoing: Outgoing, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let session: http2.ClientHttp2Session;
      let stream: http2.ClientHttp2Stream;
      try {
        ({ session, stream } = this.request(endpoint, outgoing, timeoutMs));
      } catch (error) {
        reject(error as AttemptFailure);
        return;
      }
      const { method, signal } = outgoing;
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
        settle(() => reject(failure(Status.CANCELLED, 'The caller cancelled the call.')));
        stream.close(http2.constants.NGHTTP2_CANCEL);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(() => {
        settle(() => reject(failure(Status.DEADLINE_EXCEEDED, 'Deadline exceeded')));
        stream.close(http2.constants.NGHTTP2_CANCEL);
        // A slow call or a dead peer? A ping tells, and a dead connection is replaced.
        probeConnection(session, this.liveness.pingTimeoutMs);
      }, timeoutMs);

      const answer = new StreamAnswer(stream, session);
      const chunks: Buffer[] = [];
      let received = 0;
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length;
        // Its 5-byte prefix aside, the message may be at most maxReceiveBytes: nothing larger is buffered.
        if (received > this.maxReceiveBytes + 5) {
          settle(() =>
            reject(failure(Status.RESOURCE_EXHAUSTED, `The response is larger than the ${this.maxReceiveBytes} bytes accepted.`)),
          );
          stream.close(http2.constants.NGHTTP2_CANCEL);
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (error) => settle(() => reject(answer.lost(error.message))));
      stream.on('close', () => {
        const status = answer.status();
        if (status) {
          settle(() => reject(status));
          return;
        }
        settle(() => {
          const reader = new MessageReader(this.maxReceiveBytes);
          const messages = reader.push(Buffer.concat(chunks));
          if (reader.problem || messages.length !== 1 || reader.pending > 0) {
            reject(failure(Status.INTERNAL, 'The response could not be read.'));
            return;
          }
          try {
            resolve(method.responseDeserialize(messages[0]!));
          } catch {
            reject(failure(Status.INTERNAL, 'The response could not be read.'));
          }
        });
      });
      stream.end(outgoing.payload);
    });
  }

  /**
   * One stream attempt on one endpoint: resolves once it has its first
   * message (or ended well without one), fails like a unary call before that,
   * or after `firstAnswerMs` with nothing from the endpoint.
   */
  private openStream(endpoint: Endpoint, outgoing: Outgoing, timeoutMs: number, firstAnswerMs: number): Promise<IncomingStream> {
    const { session, stream } = this.request(endpoint, outgoing, timeoutMs);
    const incoming = new IncomingStream(stream, session, outgoing, this.maxReceiveBytes, timeoutMs, this.liveness.pingTimeoutMs);
    return incoming.opened(firstAnswerMs);
  }

  close(): void {
    this.closed = true;
    this.endpoints.close();
  }
}

/** The status a stream ended with, read from its headers or trailers as node:http2 hands them over. */
class StreamAnswer {
  private headers: http2.IncomingHttpHeaders | undefined;
  private trailers: http2.IncomingHttpHeaders | undefined;
  /** As received, so that a metadata key sent several times keeps every value. */
  private raw: string[] = [];

  constructor(
    private readonly stream: http2.ClientHttp2Stream,
    private readonly session: http2.ClientHttp2Session,
  ) {
    // node:http2 passes the raw headers as a third argument (not in its typings).
    stream.on('response', (headers: http2.IncomingHttpHeaders, _flags: number, raw: string[]) => {
      this.headers = headers;
      this.raw = raw;
    });
    stream.on('trailers', (trailers: http2.IncomingHttpHeaders, _flags: number, raw: string[]) => {
      this.trailers = trailers;
      this.raw = raw;
    });
  }

  /** The server answered (its response headers came). */
  get started(): boolean {
    return this.headers !== undefined;
  }

  /** Once closed: undefined for OK, else the failure (a call that ended without a status was lost). */
  status(): AttemptFailure | undefined {
    // A trailers-only answer (every early error) carries the status in the headers.
    const status = this.trailers ?? this.headers;
    const code = status?.['grpc-status'];
    if (status === undefined || code === undefined) return this.lost('The call ended without a status.');
    if (Number(code) === Status.OK) return undefined;
    const message = typeof status['grpc-message'] === 'string' ? decodeGrpcMessage(status['grpc-message']) : '';
    return Object.assign(failure(Number(code) as StatusCode, message, metadataFromRawHeaders(this.raw)), { answered: true });
  }

  /** The call broke without an answer: UNAVAILABLE, with whether the server could have started it. */
  lost(message: string): AttemptFailure {
    const { stream, session } = this;
    // REFUSED_STREAM: the server declined it unprocessed, because it is still starting or going away (GOAWAY).
    const refused = this.headers === undefined && stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM;
    const cameUp = everConnected(session);
    return Object.assign(failure(Status.UNAVAILABLE, message), {
      // Refused, never sent (no stream id), or sent on a connection the peer never took up (its SETTINGS never
      // came, as gRPC would not have sent it): the server did not start it.
      notStarted: refused || (this.headers === undefined && (stream.id === undefined || !cameUp)),
      // A connection that never came up, or a server refusing work while not going away (no GOAWAY: it is still
      // starting), takes the endpoint out until a probe finds it serving. After a GOAWAY the next call simply
      // opens a new connection; a live connection that broke is simply replaced.
      endpointFailed: !cameUp || (refused && !session.closed),
    });
  }
}

/** Returned by IncomingStream.next() once the stream ended well. */
const END = Symbol('end of stream');

/** Messages decoded ahead of the reader before the stream is paused (HTTP/2 flow control then holds the server). */
const READ_AHEAD = 4;

/** The messages of one stream attempt, read as they are asked for. */
class IncomingStream {
  private readonly queue: unknown[] = [];
  private readonly reader: MessageReader;
  private readonly answer: StreamAnswer;
  private done = false;
  /** Why the stream failed, once it has. */
  brokenBy: AttemptFailure | undefined;
  private wake: (() => void) | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly onAbort = () => this.fail(failure(Status.CANCELLED, 'The caller cancelled the call.'));

  constructor(
    private readonly stream: http2.ClientHttp2Stream,
    session: http2.ClientHttp2Session,
    private readonly outgoing: Outgoing,
    maxReceiveBytes: number,
    timeoutMs: number,
    pingTimeoutMs: number,
  ) {
    this.reader = new MessageReader(maxReceiveBytes);
    this.answer = new StreamAnswer(stream, session);
    this.timer = setTimeout(() => {
      this.fail(failure(Status.DEADLINE_EXCEEDED, 'Deadline exceeded'));
      probeConnection(session, pingTimeoutMs);
    }, timeoutMs);
    // A stream its reader abandoned must not hold the process open until its deadline (minutes, for a download).
    this.timer.unref();
    outgoing.signal?.addEventListener('abort', this.onAbort, { once: true });
    stream.on('data', (chunk: Buffer) => this.onData(chunk));
    stream.on('error', (error) => this.fail(this.answer.lost(error.message)));
    stream.on('close', () => {
      if (this.done) return;
      const status = this.answer.status();
      if (status) this.fail(status);
      else if (this.reader.pending > 0) this.fail(failure(Status.INTERNAL, 'The stream ended inside a message.'));
      else this.finish();
    });
    stream.end(outgoing.payload);
  }

  /** Resolves once the first message came or the stream ended well; rejects when it failed before, or got nothing in time. */
  opened(firstAnswerMs: number): Promise<IncomingStream> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        if (this.queue.length > 0 || (this.done && !this.brokenBy)) resolve(this);
        else if (this.brokenBy) reject(this.brokenBy);
        else return false;
        clearTimeout(unanswered);
        return true;
      };
      const unanswered = setTimeout(() => {
        this.fail(failure(Status.UNAVAILABLE, `No answer to the stream within ${Math.round(firstAnswerMs)} ms.`));
        check();
      }, firstAnswerMs);
      unanswered.unref();
      const wait = () => {
        if (!check()) this.wake = wait;
      };
      wait();
    });
  }

  /** The next message, END once the stream ended well; throws the stream's failure. */
  async next(): Promise<unknown> {
    for (;;) {
      if (this.queue.length > 0) {
        const message = this.queue.shift();
        if (this.queue.length < READ_AHEAD && this.stream.isPaused()) this.stream.resume();
        return message;
      }
      if (this.brokenBy) throw this.brokenBy;
      if (this.done) return END;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Stops the stream (the server is told) unless it ended. */
  close(): void {
    if (!this.done) this.fail(failure(Status.CANCELLED, 'The stream was closed by its reader.'));
  }

  private onData(chunk: Buffer): void {
    if (this.done) return;
    const messages = this.reader.push(chunk);
    if (this.reader.problem) {
      this.fail(this.reader.problem);
      return;
    }
    try {
      for (const message of messages) this.queue.push(this.outgoing.method.responseDeserialize(message));
    } catch {
      this.fail(failure(Status.INTERNAL, 'A message of the stream could not be read.'));
      return;
    }
    if (this.queue.length >= READ_AHEAD) this.stream.pause();
    this.notify();
  }

  private finish(): void {
    this.done = true;
    this.settle();
  }

  private fail(reason: AttemptFailure): void {
    if (this.done) return;
    this.brokenBy = reason;
    this.done = true;
    // RST_STREAM(CANCEL): the server stops sending.
    if (!this.stream.closed) this.stream.close(http2.constants.NGHTTP2_CANCEL);
    this.settle();
  }

  private settle(): void {
    clearTimeout(this.timer);
    this.outgoing.signal?.removeEventListener('abort', this.onAbort);
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
