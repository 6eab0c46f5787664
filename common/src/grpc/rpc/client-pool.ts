import * as grpc from '@grpc/grpc-js';
import type { GrpcClientSettings, RuntimeSettings } from '../../config';
import type { AppError } from '../../errors/app-error';
import { IncidentLog } from '../../logging/incident-log';
import type { Logger } from '../../logging/logger';
import { type RequestContext, timeLeftMs } from './request-context';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../transport/http2-server';
import { DEFAULT_LIVENESS, grpcJsTarget, type Liveness, type Resolve, streamServiceConfig } from '../transport/endpoints';
import {
  failure,
  HEALTH_CHECK,
  Http2UnaryTransport,
  isSafeToRepeat,
  type UnaryFailure,
  type UnaryMethod,
  type UnaryTransport,
} from '../transport/http2-client';
import { clientCallDurations } from './metrics';
import { type LocalServices, LocalUnaryTransport } from '../transport/local-services';
import { isUnreachable, REQUEST_ID_KEY, statusToAppError } from './status';

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

export interface ClientPoolOptions {
  /** Name used in SERVICE_UNAVAILABLE details and logs, e.g. "auth-service". */
  name: string;
  target: string;
  /** Channels kept open, each with its own connection (round-robin). */
  channels: number;
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
 * A small pool of long-lived channels to one target. Each channel uses its own
 * subchannel pool so they do not collapse onto one HTTP/2 connection, and
 * calls are spread round-robin. Every call carries a deadline and the request
 * id; failures come back as AppError.
 *
 * The interface is deliberately narrow (unary + server stream) so the
 * transport can be swapped without touching callers.
 */
export class GrpcClientPool<C extends grpc.Client> {
  private readonly clients: C[];
  private next = 0;
  private readonly transport: UnaryTransport;
  private readonly methods: grpc.ServiceDefinition;
  /** Calls that found the service unreachable, logged as one outage rather than one line each. */
  private readonly outage: IncidentLog | undefined;

  constructor(
    Client: grpc.ServiceClientConstructor,
    private readonly options: ClientPoolOptions,
  ) {
    this.methods = Client.service;
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
    this.transport = options.local
      ? new LocalUnaryTransport(options.local, options.name)
      : new Http2UnaryTransport(options.target, {
          connections: options.channels,
          maxReceiveBytes: options.maxReceiveBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
          resolve: options.resolve,
          resolveIntervalMs: options.resolveIntervalMs,
          liveness: options.liveness,
        });
    const liveness = options.liveness ?? DEFAULT_LIVENESS;
    const channelOptions: grpc.ChannelOptions = {
      'grpc.use_local_subchannel_pool': 1,
      'grpc.keepalive_time_ms': liveness.pingIntervalMs,
      'grpc.keepalive_timeout_ms': liveness.pingTimeoutMs,
      'grpc.keepalive_permit_without_calls': 1,
      // Reconnect quickly after a restarted service comes back.
      'grpc.initial_reconnect_backoff_ms': 200,
      'grpc.max_reconnect_backoff_ms': 2000,
      'grpc.max_receive_message_length': options.maxReceiveBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      // Streams, too, go to every replica the target names; the safe ones are repeated elsewhere when one fails.
      'grpc.service_config': streamServiceConfig(
        Object.values(this.methods)
          .filter((method) => method.responseStream && isSafeToRepeat(method as unknown as UnaryMethod))
          .map((method) => method.path),
      ),
    };
    const streamTarget = grpcJsTarget(options.target);
    this.clients = Array.from(
      { length: Math.max(1, options.channels) },
      () => new Client(streamTarget, grpc.credentials.createInsecure(), channelOptions) as unknown as C,
    );
  }

  private pick(): C {
    const client = this.clients[this.next]!;
    this.next = (this.next + 1) % this.clients.length;
    return client;
  }

  private callOptions(options?: CallOptions): { metadata: grpc.Metadata; callOptions: grpc.CallOptions } {
    const metadata = new grpc.Metadata();
    if (options?.context) metadata.set(REQUEST_ID_KEY, options.context.requestId);
    // Its own or the pool's deadline, never more than is left of its context's.
    const timeoutMs = timeLeftMs(options?.context, options?.deadlineMs ?? this.options.deadlineMs);
    return { metadata, callOptions: { deadline: Date.now() + Math.max(0, timeoutMs) } };
  }

  private toError(error: unknown): AppError {
    return statusToAppError(error, this.options.name);
  }

  /** Unary calls go over the lean HTTP/2 transport; streams stay on grpc-js. */
  async unary<K extends UnaryName<C>>(method: K, request: RequestOf<C, K>, options?: CallOptions): Promise<ResponseOf<C, K>> {
    const definition = this.methods[method as string] as unknown as UnaryMethod;
    const context = options?.context;
    const metadata: Record<string, string> = context ? { [REQUEST_ID_KEY]: context.requestId } : {};
    const wantedMs = options?.deadlineMs ?? this.options.deadlineMs;
    const timeoutMs = timeLeftMs(context, wantedMs);
    const signal = options?.signal ?? context?.signal;
    // The caller's time is up: the call is not made (nor counted against the service).
    if (timeoutMs <= 0) throw this.toError(failure(grpc.status.DEADLINE_EXCEEDED, 'No time was left for the call.'));
    const startedAt = performance.now();
    try {
      const response = (await this.transport.call(definition, request, { metadata, deadlineMs: timeoutMs, signal })) as ResponseOf<C, K>;
      clientCallDurations(definition.path).record(startedAt, grpc.status.OK);
      if (this.outage?.open) this.outage.end();
      return response;
    } catch (error) {
      clientCallDurations(definition.path).record(startedAt, (error as Partial<UnaryFailure>).code ?? grpc.status.UNKNOWN);
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
   * Opens a server stream. Errors on the stream are converted to AppError
   * before they reach the caller's 'error' listener.
   */
  stream<K extends StreamName<C>>(
    method: K,
    request: RequestOf<C, K>,
    options?: CallOptions,
  ): AsyncIterable<StreamItemOf<C, K>> & { cancel(): void } {
    const client = this.pick() as unknown as Record<string, (...args: unknown[]) => grpc.ClientReadableStream<StreamItemOf<C, K>>>;
    const { metadata, callOptions } = this.callOptions(options);
    // A safe stream waits for a replica that is reconnecting (one restarted, its sibling stopping) rather than
    // failing at once, but no longer for its first answer than a quick call may take: the pool's deadline.
    const safe = isSafeToRepeat(this.methods[method as string] as unknown as UnaryMethod);
    if (safe) metadata.setOptions({ waitForReady: true });
    const call = client[method as string]!.call(client, request, metadata, callOptions);
    let noReplicaInTime = false;
    if (safe) {
      const firstAnswerMs = Math.min(this.options.deadlineMs, Number(callOptions.deadline) - Date.now());
      const unstarted = setTimeout(() => {
        noReplicaInTime = true;
        call.cancel();
      }, firstAnswerMs);
      unstarted.unref();
      // The server's response headers: a replica took the stream ('metadata' leaves the stream paused, unlike 'data').
      const started = () => clearTimeout(unstarted);
      call.once('metadata', started);
      call.once('close', started);
    }
    const signal = options?.signal ?? options?.context?.signal;
    if (signal) {
      const cancel = () => call.cancel();
      if (signal.aborted) cancel();
      else {
        signal.addEventListener('abort', cancel, { once: true });
        call.once('close', () => signal.removeEventListener('abort', cancel));
      }
    }
    const name = this.options.name;
    const toError = (error: unknown): AppError => this.toError(error);
    return {
      cancel: () => call.cancel(),
      async *[Symbol.asyncIterator]() {
        try {
          for await (const item of call) yield item as StreamItemOf<C, K>;
        } catch (error) {
          // Cancelled by the wait for a first answer, not by its caller: no replica could take the stream.
          if (noReplicaInTime && (error as grpc.ServiceError).code === grpc.status.CANCELLED) {
            throw toError(failure(grpc.status.UNAVAILABLE, `No replica of ${name} answered the stream in time.`));
          }
          throw toError(error);
        }
      },
    };
  }

  close(): void {
    this.transport.close();
    for (const client of this.clients) client.close();
  }
}

/**
 * A pool to one service with the process's channel count, default deadline
 * and outage log (proto-loader's client constructors as they come); with
 * `local`, unary calls reach the service in process.
 */
export function createClientPool<C extends grpc.Client>(
  Client: unknown,
  name: string,
  target: string,
  config: GrpcClientSettings & Pick<RuntimeSettings, 'incidentSummaryIntervalMs'>,
  logger?: Logger,
  local?: LocalServices,
): GrpcClientPool<C> {
  return new GrpcClientPool<C>(Client as grpc.ServiceClientConstructor, {
    name,
    target,
    channels: config.grpcChannels,
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
