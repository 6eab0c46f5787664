import * as grpc from '@grpc/grpc-js';

/**
 * A grpc-js client class for one of our service definitions: the reference
 * peer of the interop tests and the health probes of process tests. Our
 * services do not use grpc-js at run time (common/src/grpc/transport).
 */
export function grpcJsClient<C extends grpc.Client>(
  definition: object,
): new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ChannelOptions) => C {
  return grpc.makeGenericClientConstructor(definition as grpc.ServiceDefinition, 'Client') as unknown as new (
    address: string,
    credentials: grpc.ChannelCredentials,
    options?: grpc.ChannelOptions,
  ) => C;
}
