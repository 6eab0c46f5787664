import path from 'node:path';
import type * as grpc from '@grpc/grpc-js';
import type { ReflectionService as ReflectionServiceClass } from '@grpc/reflection';
import { loadSync } from '@grpc/proto-loader';
import { type ServiceDefinition, serviceNameOf, type ServiceHandlers } from '../transport';

/** What reflection reads from a package definition: each entry's serialized .proto files. */
type DescriptorRoot = Record<string, { fileDescriptorProtos: Buffer[] }>;

interface Described {
  requestType?: { fileDescriptorProtos?: Buffer[] };
  responseType?: { fileDescriptorProtos?: Buffer[] };
}

/** A reflection service's definition and its handlers, as ReflectionService adds them to a server. */
interface ReflectionBinding {
  definition: ServiceDefinition;
  implementation: ServiceHandlers;
}

export { serviceNameOf };

/**
 * ReflectionService, loaded on the first reflection call: @grpc/reflection
 * loads grpc-js, which nothing else in a running service needs.
 */
function reflectionService(): typeof ReflectionServiceClass {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('@grpc/reflection') as { ReflectionService: typeof ReflectionServiceClass }).ReflectionService;
}

/** What `service.addToServer` adds (v1, then v1alpha), without a server. */
function bindingsOf(service: ReflectionServiceClass): ReflectionBinding[] {
  const added: ReflectionBinding[] = [];
  const collector: Pick<grpc.Server, 'addService'> = {
    addService: (definition, implementation) => {
      added.push({ definition: definition as unknown as ServiceDefinition, implementation: implementation as ServiceHandlers });
    },
  };
  service.addToServer(collector as grpc.Server);
  return added;
}

/** The reflection protos @grpc/reflection ships, with the loader options it reads them with. */
const REFLECTION_PROTOS = path.join(path.dirname(require.resolve('@grpc/reflection/package.json')), 'build', 'proto');
const REFLECTION_LOADER_OPTIONS = {
  longs: String,
  enums: String,
  bytes: Array,
  defaults: true,
  oneofs: true,
  includeDirs: [REFLECTION_PROTOS],
};
/** In the order ReflectionService adds them. */
const REFLECTION_VERSIONS = ['v1', 'v1alpha'];

let definitions: ServiceDefinition[] | undefined;

/** The reflection services' definitions, loaded once per process (every server shares them). */
function reflectionDefinitions(): ServiceDefinition[] {
  definitions ??= REFLECTION_VERSIONS.map((version) => {
    const loaded = loadSync(`grpc/reflection/${version}/reflection.proto`, REFLECTION_LOADER_OPTIONS);
    return loaded[`grpc.reflection.${version}.ServerReflection`] as unknown as ServiceDefinition;
  });
  return definitions;
}

/** Each method's .proto files, keyed as ReflectionService reads a package definition. */
function descriptorRootOf(services: ServiceDefinition[]): { root: DescriptorRoot; names: string[] } {
  const root: DescriptorRoot = {};
  const names: string[] = [];
  for (const service of services) {
    const name = serviceNameOf(service);
    if (name === undefined) continue;
    names.push(name);
    for (const [method, definition] of Object.entries(service)) {
      const described = definition as Described;
      const files = [...(described.requestType?.fileDescriptorProtos ?? []), ...(described.responseType?.fileDescriptorProtos ?? [])];
      if (files.length > 0) root[`${name}.${method}`] = { fileDescriptorProtos: files };
    }
  }
  return { root, names };
}

/**
 * Adds gRPC server reflection (grpc.reflection.v1 and v1alpha) describing
 * the given services, so grpcurl, Postman, Evans or grpcui can list and call
 * them with nothing but the port. The descriptors come from the services'
 * own definitions (every method keeps its .proto files), so what
 * reflection tells is what the server decodes.
 *
 * The descriptors are decoded on the first reflection call, not here:
 * ReflectionService decodes every file twice (once per version), a cost
 * every start would pay for a service most processes are never asked.
 */
export function addReflection(
  server: { addService(definition: ServiceDefinition, handlers: ServiceHandlers): void },
  services: ServiceDefinition[],
): string[] {
  const { root, names } = descriptorRootOf(services);
  let handlers: ReflectionBinding[] | undefined;
  const handlerOf = (version: number): grpc.handleBidiStreamingCall<unknown, unknown> => {
    handlers ??= bindingsOf(new (reflectionService())(root as never, { services: names }));
    const handler = handlers[version]?.implementation.ServerReflectionInfo;
    if (handler === undefined) throw new Error('reflection: ReflectionService added fewer versions than it defines');
    return handler as grpc.handleBidiStreamingCall<unknown, unknown>;
  };
  reflectionDefinitions().forEach((definition, version) => {
    server.addService(definition, {
      ServerReflectionInfo: ((stream: grpc.ServerDuplexStream<unknown, unknown>) => handlerOf(version)(stream)) as ServiceHandlers[string],
    });
  });
  return names;
}
