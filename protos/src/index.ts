import * as protoLoader from '@grpc/proto-loader';
import { memoizeType } from '@evalplan/common/proto-memo';
import type { ActivityServiceDefinition } from './generated/evalplan/v2/ActivityService';
import type { AuthServiceDefinition } from './generated/evalplan/v2/AuthService';
import type { PdfServiceDefinition } from './generated/evalplan/v2/PdfService';
import type { WizardServiceDefinition } from './generated/evalplan/v2/WizardService';
import type { HealthDefinition } from './generated/grpc/health/v1/Health';

import { packageDefinitionOf } from './definitions';
import { PACKAGE, PROTO_DIR, protoRoot } from './typed';

export type * as types from './generated/index';
export type { HealthClient } from './generated/grpc/health/v1/Health';

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

let evalplan: protoLoader.PackageDefinition | undefined;

/**
 * Our services, loaded from protoRoot(): the .proto files are parsed once
 * per process, for the services and the JSON mapping alike. WizardSteps is
 * memoized (@evalplan/common/proto-memo): a session or project read again
 * and again sends and decodes its steps once instead of on every call. The
 * bytes on the wire are protobufjs's, as with @grpc/proto-loader.
 */
function evalplanPackage(): protoLoader.PackageDefinition {
  if (!evalplan) {
    const root = protoRoot();
    memoizeType(root.lookupType(`${PACKAGE}.WizardSteps`), { maxDecodedBytes: DECODED_STEPS_BYTES }, LOADER_OPTIONS);
    evalplan = packageDefinitionOf(root, LOADER_OPTIONS);
  }
  return evalplan;
}

let cache: Protos | undefined;

/**
 * Each service's definition (its methods' paths, serializers and options),
 * as the gRPC transport and servers take it, typed by the generated code.
 */
export interface Protos {
  auth: { AuthService: AuthServiceDefinition };
  wizard: { WizardService: WizardServiceDefinition };
  pdf: { PdfService: PdfServiceDefinition };
  activity: { ActivityService: ActivityServiceDefinition };
  health: { Health: HealthDefinition };
}

/** Loads every service definition once per process. */
export function loadProtos(): Protos {
  if (!cache) {
    const definitions = evalplanPackage();
    const service = <D>(name: string) => definitions[`${PACKAGE}.${name}`] as unknown as D;
    const health = protoLoader.loadSync('grpc/health/v1/health.proto', LOADER_OPTIONS)[
      'grpc.health.v1.Health'
    ] as unknown as HealthDefinition;
    cache = {
      auth: { AuthService: service<AuthServiceDefinition>('AuthService') },
      wizard: { WizardService: service<WizardServiceDefinition>('WizardService') },
      pdf: { PdfService: service<PdfServiceDefinition>('PdfService') },
      activity: { ActivityService: service<ActivityServiceDefinition>('ActivityService') },
      health: { Health: health },
    };
  }
  return cache;
}

export { type JsonMessages, jsonOf, messageOf, PACKAGE, PROTO_DIR, PROTO_FILES, protoRoot, typedJson } from './typed';
export * from './wizard-steps';
