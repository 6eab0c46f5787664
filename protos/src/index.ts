import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { memoizeType, serializersOf } from '@evalplan/common/proto-memo';
import type { ProtoGrpcType as ActivityProto } from './generated/activity';
import type { ProtoGrpcType as AuthProto } from './generated/auth';
import type { ProtoGrpcType as HealthProto } from './generated/health';
import type { ProtoGrpcType as PdfProto } from './generated/pdf';
import type { ProtoGrpcType as WizardProto } from './generated/wizard';

import { PACKAGE, PROTO_DIR, protoRoot } from './typed';

export type * as types from './generated/index';

/** Must match the flags in scripts/generate.js so the generated types are true. */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_DIR],
};

function load<T>(file: string): T {
  const definition = protoLoader.loadSync(file, LOADER_OPTIONS);
  if (file.startsWith('evalplan/')) useMemoSerializers(definition);
  return grpc.loadPackageDefinition(definition) as unknown as T;
}

/** How many bytes of decoded steps each process keeps (the same steps read again decode once). */
const DECODED_STEPS_BYTES = 4 * 1024 * 1024;

let memoized = false;

/**
 * Our methods' serializers, made from protoRoot() with WizardSteps memoized
 * (@evalplan/common/proto-memo): a session or project read again and again
 * sends and decodes its steps once instead of on every call. They are
 * proto-loader's in all else, and the bytes on the wire are the same.
 */
function useMemoSerializers(definition: protoLoader.PackageDefinition): void {
  const root = protoRoot();
  if (!memoized) {
    memoizeType(root.lookupType(`${PACKAGE}.WizardSteps`), { maxDecodedBytes: DECODED_STEPS_BYTES }, LOADER_OPTIONS);
    memoized = true;
  }
  for (const [name, service] of Object.entries(definition)) {
    if (!('format' in service) && name.startsWith(`${PACKAGE}.`)) {
      const methods = root.lookupService(name).methods;
      for (const method of Object.values(service as protoLoader.ServiceDefinition)) {
        const found = methods[method.path.slice(method.path.lastIndexOf('/') + 1)];
        if (!found?.resolvedRequestType || !found.resolvedResponseType) throw new Error(`protos: no method ${method.path} in protoRoot()`);
        const request = serializersOf(found.resolvedRequestType, LOADER_OPTIONS);
        const response = serializersOf(found.resolvedResponseType, LOADER_OPTIONS);
        Object.assign(method, {
          requestSerialize: request.serialize,
          requestDeserialize: request.deserialize,
          responseSerialize: response.serialize,
          responseDeserialize: response.deserialize,
        });
      }
    }
  }
}

let cache: Protos | undefined;

export interface Protos {
  auth: AuthProto['evalplan']['v2'];
  wizard: WizardProto['evalplan']['v2'];
  pdf: PdfProto['evalplan']['v2'];
  activity: ActivityProto['evalplan']['v2'];
  health: HealthProto['grpc']['health']['v1'];
}

/** Loads every service definition once per process. */
export function loadProtos(): Protos {
  cache ??= {
    auth: load<AuthProto>('evalplan/v2/auth.proto').evalplan.v2,
    wizard: load<WizardProto>('evalplan/v2/wizard.proto').evalplan.v2,
    pdf: load<PdfProto>('evalplan/v2/pdf.proto').evalplan.v2,
    activity: load<ActivityProto>('evalplan/v2/activity.proto').evalplan.v2,
    health: load<HealthProto>('grpc/health/v1/health.proto').grpc.health.v1,
  };
  return cache;
}

export { type JsonMessages, jsonOf, messageOf, PACKAGE, PROTO_DIR, PROTO_FILES, protoRoot, typedJson } from './typed';
export * from './wizard-steps';
