import { Status } from './codes';
import { type CallMethod, type CallOptions, failure, tracedExchange, type UnaryTransport } from './http2-client';
import type { LocalOutcome, LocalRequest } from './server-call';

/** A server that answers calls from its own process (Http2GrpcServer.callLocal). */
export interface LocalEndpoint {
  callLocal(call: LocalRequest): Promise<LocalOutcome>;
}

/**
 * The services running in this process (the all-in-one stack), by name. A
 * service registers while it runs; a client pool made for a registered name
 * calls it in process instead of over loopback HTTP/2, which would cost both
 * ends' HTTP/2 work and several event-loop turns on the one thread they share.
 */
export class LocalServices {
  private readonly endpoints = new Map<string, LocalEndpoint>();

  register(name: string, endpoint: LocalEndpoint): void {
    this.endpoints.set(name, endpoint);
  }

  /** Only the endpoint that registered removes itself (a restarted service may have registered anew). */
  unregister(name: string, endpoint: LocalEndpoint): void {
    if (this.endpoints.get(name) === endpoint) this.endpoints.delete(name);
  }

  endpointOf(name: string): LocalEndpoint | undefined {
    return this.endpoints.get(name);
  }
}

/**
 * Unary calls to a service of this process. Looked up at every call, so a
 * stopped service answers UNAVAILABLE, as its closed port would, and a
 * restarted one is found again.
 */
export class LocalUnaryTransport implements UnaryTransport {
  constructor(
    private readonly services: LocalServices,
    private readonly name: string,
  ) {}

  call(method: CallMethod, request: unknown, { metadata, deadlineMs, signal }: CallOptions): Promise<unknown> {
    const endpoint = this.services.endpointOf(this.name);
    if (!endpoint) return Promise.reject(failure(Status.UNAVAILABLE, `${this.name} is not running.`));
    return tracedExchange(method, { ...metadata }, async (headers) => {
      let payload: Buffer;
      try {
        payload = method.requestSerialize(request);
      } catch (error) {
        throw failure(Status.INTERNAL, `The request could not be encoded: ${(error as Error).message}`);
      }
      const outcome = await endpoint.callLocal({
        path: method.path,
        request: payload,
        headers: headers as Record<string, string>,
        deadlineMs,
        signal,
      });
      if (outcome.code !== Status.OK) throw failure(outcome.code, outcome.details, outcome.metadata);
      return method.responseDeserialize(outcome.response ?? Buffer.alloc(0));
    });
  }

  close(): void {}
}
