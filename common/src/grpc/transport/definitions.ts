/**
 * What the transport needs of a service's definition: the shape
 * @grpc/proto-loader produces (and grpc-js takes), so its definitions are
 * used as they come.
 */
export interface MethodDefinition<Request = unknown, Response = unknown> {
  /** "/package.Service/Method". */
  path: string;
  requestStream: boolean;
  responseStream: boolean;
  originalName?: string;
  /** The method's options from the .proto: idempotency_level says whether it may be repeated. */
  options?: { idempotency_level?: string };
  requestSerialize(value: Request): Buffer;
  requestDeserialize(bytes: Buffer): Request;
  responseSerialize(value: Response): Buffer;
  responseDeserialize(bytes: Buffer): Response;
}

/** A service's methods by name. */
export type ServiceDefinition = Record<string, MethodDefinition>;

/** Marked in the .proto as having no side effects (or being idempotent): repeating it changes nothing. */
export function isSafeToRepeat(method: Pick<MethodDefinition, 'options'>): boolean {
  const level = method.options?.idempotency_level;
  return level === 'NO_SIDE_EFFECTS' || level === 'IDEMPOTENT';
}

/** "package.Service" from a method path "/package.Service/Method". */
export function serviceNameOf(service: ServiceDefinition): string | undefined {
  const first = Object.values(service)[0];
  return first?.path.slice(1, first.path.lastIndexOf('/'));
}
