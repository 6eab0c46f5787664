import type * as grpc from '@grpc/grpc-js';
import type { GrpcClientSettings, RuntimeSettings } from '../../config';
import type { AppError } from '../../errors/app-error';
import { IncidentLog } from '../../logging/incident-log';
import type { Logger } from '../../logging/logger';
import {
  type CallFailure,
  DEFAULT_MAX_MESSAGE_BYTES,
  failure,
  HEALTH_CHECK,
  Http2Client,
  type Liveness,
  type LocalServices,
  LocalUnaryTransport,
  type MessageStream,
  type MethodDefinition,
  type Resolve,
  type Resume,
  type ServiceDefinition,
  Status,
  type UnaryTransport,
} from '../transport';
import { type RequestContext, timeLeftMs } from './request-context';
import { clientCallDurations } from './metrics';
import { ERROR_CODE_KEY, isUnreachable, REQUEST_ID_KEY, statusToAppError } from './status';

/** How many health answers isServing asks for before it says the service does not serve. */
const MAX_HEALTH_ANSWERS = 3;

/** PascalCase method names of a generated client (the lowercase aliases are skipped). */
type MethodName<C> = {
  [K in keyof C]: K extends string ? (K extends Capitalize<K> ? K : never) : never;
}[keyof C];

type StreamName<C> = {
  [K in MethodName<C>]: C[K] extends (argument: never, options?: grpc.CallOptions) => grpc.ClientReadableStream<unknown> ? K : never;
}[MethodName<C>];

// A readable stream also looks like a unary call, so streams are excluded first.
type UnaryName<C> = Exclude<
  {
    [K in MethodName<C>]: C[K] extends (argument: never, callback: never) => grpc.ClientUnaryCall ? K : never;
  }[MethodName<C>],
  StreamName<C>
>;

// The last overload of each generated method is `(argument, callback)`,
// which is the one conditional types infer from.
type RequestOf<C, K extends keyof C> = C[K] extends (argument: infer Req, callback: never) => unknown ? Req : never;
type ResponseOf<C, K extends keyof C> = C[K] extends (argument: never, callback: grpc.requestCallback<infer Res>) => unknown ? Res : never;
type StreamItemOf<C, K extends keyof C> = C[K] extends (
  argument: never,
  options?: grpc.CallOptions,
) => grpc.ClientReadableStream<infer Item>
  ? Item
  : never;

export interface CallOptions {
  /** Overrides the pool's default deadline for this call (cut to what is left of the context's deadline). */
  deadlineMs?: number;
  /**
   * The request this call serves: its id travels in the call's metadata, for
   * the callee's log lines and calls; the call gets no more than the time
   * left of its deadline, and is cancelled when its signal aborts.
   */
  context?: RequestContext;
  /** Cancels the call when aborted (default: the context's signal). */
  signal?: AbortSignal;
}

/** A stream's options: a call's, and how it carries on from another replica when its own goes away (safe methods only). */
export interface StreamCallOptions<Item> extends CallOptions {
  resume?: Resume<Item>;
}

export interface ClientPoolOptions {
  /** Name used in SERVICE_UNAVAILABLE details and logs, e.g. "auth-service". */
  name: string;
  target: string;
  /** HTTP/2 connections kept open to each endpoint, used round-robin. */
  connections: number;
  deadlineMs: number;
  /** Where an outage of the service is logged (once, with summaries); silent without one. */
  logger?: Logger;
  /** Longest time between two log lines about one outage (default 30 s). */
  summaryIntervalMs?: number;
  /** Services of this process: unary calls to `name` go to it in process when given (the all-in-one stack). */
  local?: LocalServices;
  /** The largest response message accepted (default 4 MiB): RESOURCE_EXHAUSTED beyond. */
  maxReceiveBytes?: number;
  /** How host names in the target are resolved (default: the system resolver), and how often again (default 30 s). */
  resolve?: Resolve;
  resolveIntervalMs?: number;
  /** How a dead peer is found (default: 2 s to connect, a ping every 30 s with 10 s to answer). */
  liveness?: Liveness;
}

/**
 * The calls to one service, typed from its generated client interface `C`:
 * unary calls and server streams over long-lived HTTP/2 connections to every
 * endpoint of its target (../transport), or in process for a service of the
 * same process (unary calls of the all-in-one stack). Every call carries a
 * deadline and the request id; failures come back as AppError, and a
 * service found unreachable is logged as one outage.
 */
export class GrpcClientPool<C extends grpc.Client> {
  private readonly transport: UnaryTransport;
  /** Streams always go over HTTP/2: the in-process path is for unary calls. Made on the first stream. */
  private streamClient: Http2Client | undefined;
  /** Called services' own answers (a domain error) are final: never repeated on another replica. */
  private static readonly isFinalAnswer = (metadata: { get(key: string): unknown[] }) => metadata.get(ERROR_CODE_KEY).length > 0;
  /** Calls that found the service unreachable, logged as one outage rather than one line each. */
  private readonly outage: IncidentLog | undefined;

  constructor(
    private readonly methods: ServiceDefinition,
    private readonly options: ClientPoolOptions,
  ) {
    this.outage =
      options.logger &&
      new IncidentLog({
        logger: options.logger,
        fields: { service: options.name, target: options.target },
        countField: 'failed_calls',
        messages: {
          started: `${options.name} unreachable`,
          ongoing: `${options.name} still unreachable`,
          ended: `${options.name} reachable again`,
        },
        summaryIntervalMs: options.summaryIntervalMs ?? 30_000,
      });
    this.transport = options.local ? new LocalUnaryTransport(options.local, options.name) : this.http2Client();
  }

  private http2Client(): Http2Client {
    const { options } = this;
    return new Http2Client(options.target, {
      connections: options.connections,
      maxReceiveBytes: options.maxReceiveBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      resolve: options.resolve,
      resolveIntervalMs: options.resolveIntervalMs,
      liveness: options.liveness,
      isFinalAnswer: GrpcClientPool.isFinalAnswer,
    });
  }

  private toError(error: unknown): AppError {
    return statusToAppError(error, this.options.name);
  }

  async unary<K extends UnaryName<C>>(method: K, request: RequestOf<C, K>, options?: CallOptions): Promise<ResponseOf<C, K>> {
    const definition = this.methods[method as string]!;
    const context = options?.context;
    const metadata: Record<string, string> = context ? { [REQUEST_ID_KEY]: context.requestId } : {};
    const wantedMs = options?.deadlineMs ?? this.options.deadlineMs;
    const timeoutMs = timeLeftMs(context, wantedMs);
    const signal = options?.signal ?? context?.signal;
    // The caller's time is up: the call is not made (nor counted against the service).
    if (timeoutMs <= 0) throw this.toError(failure(Status.DEADLINE_EXCEEDED, 'No time was left for the call.'));
    const startedAt = performance.now();
    try {
      const response = (await this.transport.call(definition, request, { metadata, deadlineMs: timeoutMs, signal })) as ResponseOf<C, K>;
      clientCallDurations(definition.path).record(startedAt, Status.OK);
      if (this.outage?.open) this.outage.end();
      return response;
    } catch (error) {
      clientCallDurations(definition.path).record(startedAt, (error as Partial<CallFailure>).code ?? Status.UNKNOWN);
      // A call its caller cut short (cancelled, or given only the end of its deadline) says nothing about the service.
      const cutShort = signal?.aborted === true || timeoutMs < wantedMs;
      if (isUnreachable(error) && !cutShort) this.outage?.add();
      else if (this.outage?.open) this.outage.end();
      throw this.toError(error);
    }
  }

  /**
   * grpc.health.v1 Check of the service as a whole (readiness), or of one
   * health name it reports (`service`): true when it answers SERVING within
   * timeoutMs, false for NOT_SERVING, no answer or any failure. Goes over the
   * same connections as the calls. A replica that is stopping answers
   * NOT_SERVING while its siblings serve, so a "no" is asked again (the next
   * replica in rotation) up to three answers, all within timeoutMs.
   */
  async isServing(timeoutMs: number, service = ''): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    for (let answers = 0; answers < MAX_HEALTH_ANSWERS; answers++) {
      const left = until - Date.now();
      if (left <= 0) return false;
      if ((await this.healthOf(left, service)) === 'SERVING') return true;
    }
    return false;
  }

  /** The health status a service reports under `service`, or undefined when it does not answer. */
  async healthOf(timeoutMs: number, service = ''): Promise<string | undefined> {
    try {
      const reply = (await this.transport.call(HEALTH_CHECK, { service }, { metadata: {}, deadlineMs: timeoutMs })) as {
        status?: unknown;
      };
      return typeof reply.status === 'string' ? reply.status : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * A server stream. It waits for its first answer no longer than a quick
   * call may take (the pool's deadline, within its own); a safe method is
   * repeated on another replica until then, and with `resume` carries on
   * from another when its own goes away part-way. Failures reach the reader
   * as AppError.
   */
  stream<K extends StreamName<C>>(
    method: K,
    request: RequestOf<C, K>,
    options?: StreamCallOptions<StreamItemOf<C, K>>,
  ): MessageStream<StreamItemOf<C, K>> {
    this.streamClient ??= this.options.local ? this.http2Client() : (this.transport as Http2Client);
    const definition = this.methods[method as string] as MethodDefinition;
    const context = options?.context;
    const deadlineMs = Math.max(0, timeLeftMs(context, options?.deadlineMs ?? this.options.deadlineMs));
    const stream = this.streamClient.serverStream<StreamItemOf<C, K>>(definition, request, {
      metadata: context ? { [REQUEST_ID_KEY]: context.requestId } : {},
      deadlineMs,
      firstAnswerMs: Math.min(this.options.deadlineMs, deadlineMs),
      signal: options?.signal ?? context?.signal,
      resume: options?.resume,
    });
    const toError = (error: unknown): AppError => this.toError(error);
    return {
      cancel: () => stream.cancel(),
      async *[Symbol.asyncIterator]() {
        try {
          yield* stream;
        } catch (error) {
          throw toError(error);
        }
      },
    };
  }

  close(): void {
    this.transport.close();
    if (this.streamClient !== this.transport) this.streamClient?.close();
  }
}

/**
 * A pool to one service with the process's connection count, default
 * deadline and outage log (the service's definition from @evalplan/protos); with
 * `local`, unary calls reach the service in process.
 */
export function createClientPool<C extends grpc.Client>(
  definition: ServiceDefinition,
  name: string,
  target: string,
  config: GrpcClientSettings & Pick<RuntimeSettings, 'incidentSummaryIntervalMs'>,
  logger?: Logger,
  local?: LocalServices,
): GrpcClientPool<C> {
  return new GrpcClientPool<C>(definition, {
    name,
    target,
    connections: config.grpcChannels,
    deadlineMs: config.grpcDeadlineMs,
    logger,
    summaryIntervalMs: config.incidentSummaryIntervalMs,
    local,
    maxReceiveBytes: config.grpcMaxMessageBytes,
    liveness: {
      connectTimeoutMs: config.grpcConnectTimeoutMs,
      pingIntervalMs: config.grpcKeepaliveMs,
      pingTimeoutMs: config.grpcKeepaliveTimeoutMs,
    },
  });
}
