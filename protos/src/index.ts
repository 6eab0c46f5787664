import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { memoizeType } from '@evalplan/common/proto-memo';
import type { ProtoGrpcType as ActivityProto } from './generated/activity';
import type { ProtoGrpcType as AuthProto } from './generated/auth';
import type { ProtoGrpcType as HealthProto } from './generated/health';
import type { ProtoGrpcType as PdfProto } from './generated/pdf';
import type { ProtoGrpcType as WizardProto } from './generated/wizard';

import { packageDefinitionOf } from './definitions';
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

/** How many bytes of decoded steps each process keeps (the same steps read again decode once). */
const DECODED_STEPS_BYTES = 4 * 1024 * 1024;

let evalplan: grpc.GrpcObject | undefined;

/**
 * Our services, loaded from protoRoot(): the .proto files are parsed once
 * per process, for the services and the JSON mapping alike. WizardSteps is
 * memoized (@evalplan/common/proto-memo): a session or project read again
 * and again sends and decodes its steps once instead of on every call. The
 * bytes on the wire are protobufjs's, as with @grpc/proto-loader.
 */
function evalplanPackage(): grpc.GrpcObject {
  if (!evalplan) {
    const root = protoRoot();
    memoizeType(root.lookupType(`${PACKAGE}.WizardSteps`), { maxDecodedBytes: DECODED_STEPS_BYTES }, LOADER_OPTIONS);
    evalplan = grpc.loadPackageDefinition(packageDefinitionOf(root, LOADER_OPTIONS));
  }
  return evalplan;
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
    auth: (evalplanPackage() as unknown as AuthProto).evalplan.v2,
    wizard: (evalplanPackage() as unknown as WizardProto).evalplan.v2,
    pdf: (evalplanPackage() as unknown as PdfProto).evalplan.v2,
    activity: (evalplanPackage() as unknown as ActivityProto).evalplan.v2,
    health: (grpc.loadPackageDefinition(protoLoader.loadSync('grpc/health/v1/health.proto', LOADER_OPTIONS)) as unknown as HealthProto).grpc
      .health.v1,
  };
  return cache;
}

export { type JsonMessages, jsonOf, messageOf, PACKAGE, PROTO_DIR, PROTO_FILES, protoRoot, typedJson } from './typed';
export * from './wizard-steps';
