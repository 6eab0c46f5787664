import type * as grpc from '@grpc/grpc-js';
import { ReflectionService } from '@grpc/reflection';

/** What reflection reads from a package definition: each entry's serialized .proto files. */
type DescriptorRoot = Record<string, { fileDescriptorProtos: Buffer[] }>;

interface Described {
  requestType?: { fileDescriptorProtos?: Buffer[] };
  responseType?: { fileDescriptorProtos?: Buffer[] };
}

/** "evalplan.v2.WizardService" from a method path "/evalplan.v2.WizardService/GetSession". */
export function serviceNameOf(service: grpc.ServiceDefinition): string | undefined {
  const first = Object.values(service)[0];
  return first?.path.slice(1, first.path.lastIndexOf('/'));
}

/**
 * Adds gRPC server reflection (grpc.reflection.v1 and v1alpha) describing
 * the given services, so grpcurl, Postman, Evans or grpcui can list and call
 * them with nothing but the port. The descriptors come from the services'
 * own definitions (proto-loader keeps every method's .proto files), so what
 * reflection tells is what the server decodes.
 */
export function addReflection(server: Pick<grpc.Server, 'addService'>, services: grpc.ServiceDefinition[]): string[] {
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
  new ReflectionService(root as never, { services: names }).addToServer(server as grpc.Server);
  return names;
}
