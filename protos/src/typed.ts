import path from 'node:path';
import { TypedJson } from '@evalplan/common/typed-json';
import * as protobuf from 'protobufjs';
import type * as types from './generated/index';

/** Folder holding the .proto files (include root for imports). */
export const PROTO_DIR = path.resolve(__dirname, '..', 'proto');

/** Every evalplan .proto file, relative to PROTO_DIR. */
export const PROTO_FILES = ['evalplan/v2/auth.proto', 'evalplan/v2/wizard.proto', 'evalplan/v2/pdf.proto', 'evalplan/v2/activity.proto'];

let root: protobuf.Root | undefined;

/**
 * The messages as protobufjs types, with the camelCase field names the
 * loaded services use: for code that walks a message's fields (the JSON
 * mapping of @evalplan/common/typed-json).
 */
export function protoRoot(): protobuf.Root {
  if (!root) {
    const loaded = new protobuf.Root();
    // google/protobuf/* come with protobufjs; our files live in PROTO_DIR.
    loaded.resolvePath = (_origin, target) => (target.startsWith('google/protobuf/') ? target : path.join(PROTO_DIR, target));
    loaded.loadSync(PROTO_FILES, { keepCase: false });
    loaded.resolveAll();
    root = loaded;
  }
  return root;
}

let typed: TypedJson | undefined;

/** JSON objects as these protos' typed messages and back (see @evalplan/common/typed-json). */
export function typedJson(): TypedJson {
  typed ??= new TypedJson(protoRoot());
  return typed;
}

/** The package of our messages: the names below are relative to it. */
export const PACKAGE = 'evalplan.v2';

/** The messages that stand for JSON objects of the HTTP API, by name relative to PACKAGE. */
export interface JsonMessages {
  Credentials: types.Credentials;
  PasswordChange: types.PasswordChange;
  PasswordResetFields: types.PasswordResetFields;
  PasswordResetConfirmation: types.PasswordResetConfirmation;
  AccountDeletion: types.AccountDeletion;
  FrontendEvent: types.FrontendEvent;
  ProjectFields: types.ProjectFields;
  RecommendationQuery: types.RecommendationQuery;
  PdfOptions: types.PdfOptions;
  GoalsAndContextStep: types.GoalsAndContextStep;
  MethodsStep: types.MethodsStep;
  InstrumentsStep: types.InstrumentsStep;
  NextStepsStep: types.NextStepsStep;
}

/** A typed message as the JSON object it stands for. */
export function jsonOf(typeName: keyof JsonMessages, message: object | null | undefined): Record<string, unknown> {
  return typedJson().toJson(`${PACKAGE}.${typeName}`, message as Record<string, unknown> | null | undefined);
}

/** A JSON object as the typed message `typeName`, nothing lost (see typedJson). */
export function messageOf<K extends keyof JsonMessages>(typeName: K, json: Record<string, unknown>): JsonMessages[K] {
  return typedJson().toMessage(`${PACKAGE}.${typeName}`, json) as JsonMessages[K];
}
