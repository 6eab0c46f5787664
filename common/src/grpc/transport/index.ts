/**
 * A gRPC transport on node:http2 (README.md): a client for unary calls and
 * server streams over every endpoint of a target, a server running
 * grpc-js-shaped handlers, and calls within one process without HTTP/2.
 */
export { Status, type StatusCode, statusName } from './codes';
export { Metadata, type MetadataValue } from './metadata';
export { isSafeToRepeat, type MethodDefinition, serviceNameOf, type ServiceDefinition } from './definitions';
export { DEFAULT_LIVENESS, type Liveness, type Resolve } from './endpoints';
export { HEALTH_CHECK } from './health';
export {
  type CallFailure,
  type CallMethod,
  type CallOptions,
  failure,
  Http2Client,
  type Http2ClientOptions,
  type MessageStream,
  type Resume,
  type StreamOptions,
  type UnaryTransport,
} from './http2-client';
export { DEFAULT_MAX_MESSAGE_BYTES, Http2GrpcServer } from './http2-server';
export type { CallStatus, Handler, LocalOutcome, LocalRequest, ServiceHandlers } from './server-call';
export { type LocalEndpoint, LocalServices, LocalUnaryTransport } from './local-services';
