import type * as grpcTypes from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { isDependencyFailure } from '../../dependencies/failures';
import { AppError } from '../../errors/app-error';
import type { Logger } from '../../logging/logger';
import { serverCallDurations } from './metrics';
import { isSaneRequestId, type RequestContext, requestFields } from './request-context';
import { addReflection } from './reflection';
import {
  type CallStatus,
  Http2GrpcServer,
  type LocalOutcome,
  type LocalRequest,
  type Metadata,
  type ServiceDefinition,
  type ServiceHandlers,
  Status,
  type StatusCode,
  statusName,
} from '../transport';
import { appErrorToStatus, REQUEST_ID_KEY } from './status';

/** What a handler gets besides the request. */
export interface CallContext extends RequestContext {
  metadata: Metadata;
  /** True once the caller went away or its deadline passed. */
  cancelled(): boolean;
}

/** What a server-stream handler writes to: the call's messages out, and whether its caller is still there. */
export interface ServerStream<Res> {
  readonly cancelled: boolean;
  /** False when the caller's buffer is full: wait for 'drain' (writeMessage does). */
  write(message: Res): boolean;
  on(event: 'drain' | 'cancelled', listener: () => void): unknown;
  off(event: 'drain' | 'cancelled', listener: () => void): unknown;
}

type UnaryImpl<Req, Res> = (request: Req, context: CallContext) => Promise<Res>;
type StreamImpl<Req, Res> = (request: Req, call: ServerStream<Res>, context: CallContext) => Promise<void>;

/**
 * The handlers a service implements, typed from the generated
 * `XServiceHandlers`: unary methods return a promise of the response, server
 * streams write to the call. Methods left out answer UNIMPLEMENTED.
 */
export type ServiceImplementation<H> = {
  [K in keyof H as string extends K ? never : K]?: H[K] extends grpcTypes.handleUnaryCall<infer Req, infer Res>
    ? UnaryImpl<Req, Res>
    : H[K] extends grpcTypes.handleServerStreamingCall<infer Req, infer Res>
      ? StreamImpl<Req, Res>
      : never;
};

/** A call as the HTTP/2 server (or the in-process path) hands it to a handler. */
interface AnyCall extends ServerStream<unknown> {
  request: unknown;
  metadata: Metadata;
  /** One header without building the whole metadata. */
  metadataValue(key: string): string | undefined;
  getDeadline(): number;
  once(event: 'cancelled', listener: () => void): unknown;
  emit(event: 'error', status: CallStatus): boolean;
  end(): void;
}

type UnaryCallback = (error: CallStatus | null, response?: unknown) => void;

function contextOf(call: AnyCall): CallContext {
  const incoming = call.metadataValue(REQUEST_ID_KEY);
  const deadline = Number(call.getDeadline());
  let controller: AbortController | undefined;
  return {
    requestId: isSaneRequestId(incoming) ? incoming : 'internal',
    deadline: Number.isFinite(deadline) ? deadline : undefined,
    // Made on first use: most handlers never look, and a controller per call would cost every call.
    get signal() {
      if (!controller) {
        const made = new AbortController();
        controller = made;
        if (call.cancelled) made.abort(new AppError('REQUEST_CANCELLED'));
        else call.once('cancelled', () => made.abort(new AppError('REQUEST_CANCELLED')));
      }
      return controller.signal;
    },
    get metadata() {
      return call.metadata;
    },
    cancelled: () => call.cancelled,
  };
}

/**
 * Ends a server stream with a status: the server sends the status of an
 * 'error' event (grpc-js' convention, which ours keeps); destroy() would drop
 * the call and the client would only see a stream broken off (reported as
 * the service being unavailable).
 */
function failStream(call: AnyCall, status: CallStatus): void {
  call.emit('error', status);
}

/** What bindService needs besides the handlers. */
export interface BindOptions {
  logger: Logger;
  /**
   * Told of every call that failed because a dependency did not answer (the
   * dependency monitor: it checks at once and counts the refusal). Those
   * calls are answered SERVICE_UNAVAILABLE and not logged one by one.
   */
  onDependencyFailure?: () => void;
}

const DEPENDENCY_UNAVAILABLE = 'A service this request needs is not available right now. Please try again shortly.';

function failure(error: unknown, method: string, context: CallContext, options: BindOptions): CallStatus {
  if (error instanceof AppError) return appErrorToStatus(error);
  // The caller went away or ran out of time, and the work stopped on that: no answer reaches anyone, nothing to log.
  if (context.cancelled()) return appErrorToStatus(new AppError('REQUEST_CANCELLED'));
  if (isDependencyFailure(error)) {
    options.onDependencyFailure?.();
    options.logger.debug({ err: error, method, ...requestFields(context) }, 'call failed: a dependency is unavailable');
    return appErrorToStatus(new AppError('SERVICE_UNAVAILABLE', DEPENDENCY_UNAVAILABLE));
  }
  options.logger.error({ err: error, method, ...requestFields(context) }, 'unhandled error in gRPC handler');
  return appErrorToStatus(new AppError('INTERNAL_SERVER_ERROR'));
}

/**
 * Turns promise-returning handlers into grpc-js handlers: each gets the
 * call's context (its caller's request id, for its log lines and its own
 * outgoing calls), domain errors become
 * statuses with their code in metadata, a dependency that did not answer
 * (PostgreSQL, Redis, storage) is SERVICE_UNAVAILABLE, and anything
 * unexpected is logged and answered as INTERNAL_SERVER_ERROR without leaking
 * its text.
 */
export function bindService<H>(
  serviceName: string,
  definition: ServiceDefinition,
  implementation: ServiceImplementation<H>,
  options: BindOptions,
): ServiceHandlers {
  const { logger } = options;
  const handlers: Record<string, (call: AnyCall, callback: UnaryCallback) => void> = {};
  const impl = implementation as Record<string, UnaryImpl<unknown, unknown> | StreamImpl<unknown, unknown> | undefined>;
  for (const [method, spec] of Object.entries(definition)) {
    const fn = impl[method];
    const fullName = `${serviceName}.${method}`;
    const unimplemented = { code: Status.UNIMPLEMENTED, details: `${fullName} is not implemented yet.` };
    const durations = serverCallDurations(spec.path.slice(1));
    // Per call: its duration into rpc.server.call.duration, and one debug line (method, outcome and time, with the
    // caller's request id).
    const logDone = (startedAt: number, code: StatusCode, context: CallContext): void => {
      durations.record(startedAt, code);
      if (!logger.isLevelEnabled('debug')) return;
      const durationMs = Math.round((performance.now() - startedAt) * 100) / 100;
      logger.debug({ method: fullName, code: statusName(code), duration_ms: durationMs, request_id: context.requestId }, 'grpc call');
    };
    if (spec.responseStream) {
      handlers[method] = (call: AnyCall) => {
        const context = contextOf(call);
        const startedAt = performance.now();
        if (!fn) {
          logDone(startedAt, unimplemented.code, context);
          failStream(call, unimplemented);
          return;
        }
        (fn as StreamImpl<unknown, unknown>)(call.request, call, context)
          .then(() => {
            logDone(startedAt, Status.OK, context);
            call.end();
          })
          .catch((error: unknown) => {
            const status = failure(error, fullName, context, options);
            logDone(startedAt, status.code ?? Status.INTERNAL, context);
            failStream(call, status);
          });
      };
    } else {
      handlers[method] = (call: AnyCall, callback: UnaryCallback) => {
        const context = contextOf(call);
        const startedAt = performance.now();
        if (!fn) {
          logDone(startedAt, unimplemented.code, context);
          callback(unimplemented);
          return;
        }
        (fn as UnaryImpl<unknown, unknown>)(call.request, context).then(
          (response) => {
            logDone(startedAt, Status.OK, context);
            callback(null, response);
          },
          (error: unknown) => {
            const status = failure(error, fullName, context, options);
            logDone(startedAt, status.code ?? Status.INTERNAL, context);
            callback(status);
          },
        );
      };
    }
  }
  return handlers as ServiceHandlers;
}

export interface ServiceBinding {
  /** Fully qualified name, e.g. "evalplan.v2.AuthService" (used by health checks). */
  name: string;
  definition: ServiceDefinition;
  implementation: ServiceHandlers;
}

/**
 * The health service name that answers SERVING as long as the process runs
 * (a liveness probe); "" and each service's own name answer SERVING only
 * while the process can do its work (a readiness probe).
 */
export const LIVENESS_SERVICE = 'liveness';

/** What a service may depend on and report (see dependencyHealthName). */
export type DependencyName = 'database' | 'cache';

/**
 * The health service name under which a service reports one of its own
 * dependencies ("database", "cache"): SERVING while it answers. The gateway's
 * /ready reads the database this way instead of opening a pool of its own.
 */
export function dependencyHealthName(dependency: DependencyName): string {
  return `evalplan.dependency.${dependency}`;
}

type ServingStatus = 'SERVING' | 'NOT_SERVING';

/**
 * A gRPC server with the standard health service, on the lean HTTP/2 server
 * (http2-server.ts). start() binds at once and returns the real port (useful
 * with port 0), with readiness NOT_SERVING, so probes get an answer while the
 * process still waits for its dependencies; serve() adds the services' handlers
 * once it can do their work; setServing() follows readiness from then on.
 * stop() stops accepting, lets in-flight calls finish until the deadline and
 * then cancels the rest.
 */
export class GrpcServer {
  private readonly server: Http2GrpcServer;
  private readonly health: HealthImplementation;
  private services: ServiceBinding[] = [];
  private port = 0;

  constructor(private readonly options: { name: string; address: string; logger: Logger; maxMessageBytes?: number }) {
    this.server = new Http2GrpcServer(options.maxMessageBytes);
    this.health = new HealthImplementation({ '': 'NOT_SERVING', [LIVENESS_SERVICE]: 'SERVING' });
    // The health service only calls addService, which the lean server has.
    this.health.addToServer(this.server as unknown as grpcTypes.Server);
  }

  get boundPort(): number {
    return this.port;
  }

  async start(): Promise<number> {
    this.port = await this.server.listen(this.options.address);
    this.options.logger.info({ address: this.options.address, port: this.port }, `${this.options.name} listening`);
    return this.port;
  }

  /** Adds the handlers: calls to them are answered from now on (before, refused unprocessed: still starting). */
  serve(services: ServiceBinding[], serving: boolean): void {
    this.services = services;
    for (const service of services) this.server.addService(service.definition, service.implementation);
    // Reflection describes what was added above and the health service, on the same port.
    addReflection(this.server, [...this.server.services]);
    this.server.ready();
    this.setServing(serving);
  }

  async stop(deadlineMs: number): Promise<void> {
    this.setServing(false);
    this.health.setStatus(LIVENESS_SERVICE, 'NOT_SERVING');
    if (!(await this.server.close(deadlineMs))) {
      this.options.logger.warn(`${this.options.name} did not drain within ${deadlineMs} ms; cancelling calls`);
    }
  }

  /** A unary call from this process (LocalServices), answered like one over the network. */
  callLocal(call: LocalRequest): Promise<LocalOutcome> {
    return this.server.callLocal(call);
  }

  /** Reports whether one of the service's dependencies answers (dependencyHealthName). */
  setDependencyStatus(dependency: DependencyName, up: boolean): void {
    this.health.setStatus(dependencyHealthName(dependency), up ? 'SERVING' : 'NOT_SERVING');
  }

  /** Readiness: "" and every service name. */
  setServing(serving: boolean): void {
    const status: ServingStatus = serving ? 'SERVING' : 'NOT_SERVING';
    this.health.setStatus('', status);
    for (const service of this.services) this.health.setStatus(service.name, status);
  }
}
