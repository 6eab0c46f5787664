/**
 * grpc: the calls between components. transport/ is a gRPC transport on
 * node:http2 that knows nothing of evalplan (its own README); rpc/ is how
 * evalplan uses it: typed client pools with deadlines, request ids and
 * outage logs, handlers bound with domain errors mapped to statuses and
 * back, health, reflection and call metrics.
 */
export * from './rpc/request-context';
export * from './rpc/status';
export * from './rpc/server';
export * from './rpc/server-stream';
export * from './rpc/client-pool';
export { LocalServices, type MessageStream, type Resume, type ServiceDefinition } from './transport';
