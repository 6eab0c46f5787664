/**
 * grpc: the transport between components. Servers (ours on node:http2),
 * client pools with deadlines, retries and replicas, in-process calls for the
 * all-in-one stack, the mapping of errors to gRPC statuses and back, and what
 * a request carries through the calls made for it.
 */
export * from './request-context';
export * from './status';
export * from './server';
export * from './server-stream';
export * from './client';
export { LocalServices } from './local-calls';
