import type * as grpc from '@grpc/grpc-js';
import { ReflectionService } from '@grpc/reflection';

/** What reflection reads from a package definition: each entry's serialized .proto files. */
type DescriptorRoot = Record<string, { fileDescriptorProtos: Buffer[] }>;

interface Described {
  requestType?: { fileDescriptorProtos?: Buffer[] };
  responseType?: { fileDescriptorProtos?: Buffer[] };
}

/** A reflection service's definition and its handlers, as ReflectionService adds them to a server. */
interface ReflectionBinding {
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
}

/** "evalplan.v2.WizardService" from a method path "/evalplan.v2.WizardService/GetSession". */
export function serviceNameOf(service: grpc.ServiceDefinition): string | undefined {
  const first = Object.values(service)[0];
  return first?.path.slice(1, first.path.lastIndexOf('/'));
}

/** What `service.addToServer` adds (v1, then v1alpha), without a server. */
function bindingsOf(service: ReflectionService): ReflectionBinding[] {
  const added: ReflectionBinding[] = [];
  const collector: Pick<grpc.Server, 'addService'> = {
    addService: (definition, implementation) => {
      added.push({ definition, implementation });
    },
  };
  service.addToServer(collector as grpc.Server);
  return added;
}

let definitions: grpc.ServiceDefinition[] | undefined;

/** The reflection services' definitions, loaded once per process (every server shares them). */
function reflectionDefinitions(): grpc.ServiceDefinition[] {
  definitions ??= bindingsOf(new ReflectionService({} as never, { services: [] })).map((binding) => binding.definition);
  return definitions;
}

/** Each method's .proto files, keyed as ReflectionService reads a package definition. */
function descriptorRootOf(services: grpc.ServiceDefinition[]): { root: DescriptorRoot; names: string[] } {
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
export function addReflection(server: Pick<grpc.Server, 'addService'>, services: grpc.ServiceDefinition[]): string[] {
  const { root, names } = descriptorRootOf(services);
  let handlers: ReflectionBinding[] | undefined;
  const handlerOf = (version: number): grpc.handleBidiStreamingCall<unknown, unknown> => {
    handlers ??= bindingsOf(new ReflectionService(root as never, { services: names }));
    const handler = handlers[version]?.implementation.ServerReflectionInfo;
    if (handler === undefined) throw new Error('reflection: ReflectionService added fewer versions than it defines');
    return handler as grpc.handleBidiStreamingCall<unknown, unknown>;
  };
  reflectionDefinitions().forEach((definition, version) => {
    server.addService(definition, {
      ServerReflectionInfo: (stream: grpc.ServerDuplexStream<unknown, unknown>) => handlerOf(version)(stream),
    });
  });
  return names;
}
