import * as protoLoader from '@grpc/proto-loader';
import type * as protobuf from 'protobufjs';
import { FileDescriptorProto } from 'protobufjs/ext/descriptor';
import { serializersOf } from '@evalplan/common/proto-memo';

/** How a method's messages are described to reflection: the .proto files that define them. */
interface DescribedMessage extends protoLoader.MessageTypeDefinition<object, object> {
  fileDescriptorProtos: Buffer[];
}

/** Every .proto file in `root`, serialized as reflection sends it. */
function fileDescriptorsOf(root: protobuf.Root): Buffer[] {
  const { file } = (root as protobuf.Root & { toDescriptor(syntax: string): { file: object[] } }).toDescriptor('proto3');
  return file.map((descriptor) => Buffer.from(FileDescriptorProto.encode(descriptor).finish()));
}

function messageDefinitionOf(type: protobuf.Type, files: Buffer[], options: protobuf.IConversionOptions): DescribedMessage {
  const { serialize, deserialize } = serializersOf(type, options);
  // proto-loader's `type` (the descriptor as an object) is left out: nothing reads it, and building it is most of the cost.
  return { format: 'Protocol Buffer 3 DescriptorProto', type: undefined as never, fileDescriptorProtos: files, serialize, deserialize };
}

/** The method's options as proto-loader gives them; idempotency_level decides whether a call may be retried. */
function methodOptionsOf(method: protobuf.Method): protoLoader.MethodOptions {
  const options: protoLoader.MethodOptions = {
    deprecated: false,
    idempotency_level: protoLoader.IdempotencyLevel.IDEMPOTENCY_UNKNOWN,
    uninterpreted_option: [],
  };
  for (const parsed of (method.parsedOptions ?? []) as Array<Record<string, unknown>>) Object.assign(options, parsed);
  return options;
}

function serviceDefinitionOf(
  service: protobuf.Service,
  files: Buffer[],
  options: protobuf.IConversionOptions,
): protoLoader.ServiceDefinition {
  const definition: protoLoader.ServiceDefinition = {};
  for (const method of service.methodsArray) {
    const request = method.resolvedRequestType;
    const response = method.resolvedResponseType;
    if (!request || !response) throw new Error(`protos: ${method.fullName} has unresolved types`);
    const requestType = messageDefinitionOf(request, files, options);
    const responseType = messageDefinitionOf(response, files, options);
    definition[method.name] = {
      path: `/${service.fullName.slice(1)}/${method.name}`,
      requestStream: Boolean(method.requestStream),
      responseStream: Boolean(method.responseStream),
      requestSerialize: requestType.serialize,
      requestDeserialize: requestType.deserialize,
      responseSerialize: responseType.serialize,
      responseDeserialize: responseType.deserialize,
      originalName: method.name.charAt(0).toLowerCase() + method.name.slice(1),
      requestType,
      responseType,
      options: methodOptionsOf(method),
    };
  }
  return definition;
}

/**
 * The package definition @grpc/proto-loader would make of `root`'s services
 * (method paths, streaming flags, serializers, the .proto files reflection
 * needs), made from the Root already parsed: the .proto files are read once
 * per process, not once for the loader and again for the JSON mapping.
 * Serializers are @evalplan/common/proto-memo's, so memoized types apply.
 */
export function packageDefinitionOf(root: protobuf.Root, options: protobuf.IConversionOptions): protoLoader.PackageDefinition {
  const files = fileDescriptorsOf(root);
  const definition: protoLoader.PackageDefinition = {};
  const visit = (namespace: protobuf.NamespaceBase): void => {
    for (const nested of namespace.nestedArray) {
      const name = nested.fullName.slice(1);
      if ('methodsArray' in nested) definition[name] = serviceDefinitionOf(nested as protobuf.Service, files, options);
      else if ('fieldsArray' in nested) definition[name] = messageDefinitionOf(nested as protobuf.Type, files, options);
      if ('nestedArray' in nested) visit(nested as protobuf.NamespaceBase);
    }
  };
  visit(root);
  return definition;
}
