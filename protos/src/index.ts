import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { ProtoGrpcType as ActivityProto } from './generated/activity';
import type { ProtoGrpcType as AuthProto } from './generated/auth';
import type { ProtoGrpcType as HealthProto } from './generated/health';
import type { ProtoGrpcType as PdfProto } from './generated/pdf';
import type { ProtoGrpcType as WizardProto } from './generated/wizard';

import { PROTO_DIR } from './typed';

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
  return grpc.loadPackageDefinition(definition) as unknown as T;
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
