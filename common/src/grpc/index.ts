/**
 * grpc: the transport between components. Servers (ours on node:http2),
 * client pools with deadlines, retries and replicas, in-process calls for the
 * all-in-one stack, the mapping of errors to gRPC statuses and back, and what
 * a request carries through the calls made for it.
 */
export * from './rpc/request-context';
export * from './rpc/status';
export * from './rpc/server';
export * from './rpc/server-stream';
export * from './rpc/client-pool';
export { LocalServices } from './transport/local-services';
