import { FRONTEND_EVENT } from '@evalplan/activity-service/contracts';
import { authRequests } from '@evalplan/auth-service/contracts';
import { describeForJsonSchema } from '@evalplan/common/input';
import { GENERATE_PDF } from '@evalplan/pdf-service/contracts';
import {
  PAGE_QUERY,
  PROJECT_CREATE,
  PROJECT_UPDATE,
  RECOMMENDATION_QUERY,
  STEP_DATA,
  STEP_NUMBER,
} from '@evalplan/wizard-service/contracts';
import type { Schema } from 'joi';
import type JoiToJson from 'joi-to-json';
import type * as Responses from '../contracts/responses';

/**
 * The schemas of the OpenAPI document, from where each is written once:
 * the request bodies are generated from the services' own joi schemas
 * (their src/contracts/), so the document says what the services enforce;
 * the answers are the gateway's TypeBox schemas (src/contracts/responses.ts),
 * whose types the code building each answer must return. Only examples are
 * added here.
 */

type Json = Record<string, unknown>;

const ANY_TYPE = ['array', 'boolean', 'number', 'object', 'string', 'null'];

/** A schema every value meets: joi-to-json's rendering of a joi `.when()` that changes only `required`. */
function acceptsAnything(schema: unknown): boolean {
  const type = (schema as Json | undefined)?.type;
  return Array.isArray(type) && ANY_TYPE.every((each) => type.includes(each)) && Object.keys(schema as Json).length === 1;
}

/** Drops what says nothing (an allOf of schemas every value meets), everywhere in the schema. */
function withoutNoise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNoise);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Json).filter(([key, child]) => !(key === 'allOf' && (child as unknown[]).every(acceptsAnything)));
  return Object.fromEntries(entries.map(([key, child]) => [key, withoutNoise(child)]));
}

/** A joi schema as an OpenAPI 3.1 (JSON Schema 2020-12) schema. */
export function jsonSchemaOf(schema: Schema, additions: Json = {}): Json {
  // Required here, not imported at the top: loading it costs a starting process some 100 ms for a document read later.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const parse = require('joi-to-json') as typeof JoiToJson;
  // Character limits (CharacterJoi) are described as joi's min and max, which joi-to-json knows.
  const generated = parse({ describe: () => describeForJsonSchema(schema) } as unknown as Schema, 'open-api-3.1') as Json;
  return { ...(withoutNoise(generated) as Json), ...additions };
}

/** The generated schemas, by component name; `examples` gives each its examples. */
export function contractSchemas(examples: Partial<Record<string, unknown[]>> = {}): Record<string, Json> {
  const auth = authRequests();
  const sources: Record<string, Schema> = {
    RegisterCredentials: auth.register,
    LoginCredentials: auth.login,
    PasswordChange: auth.passwordChange,
    PasswordResetRequest: auth.resetRequest,
    PasswordResetConfirm: auth.resetConfirm,
    AccountDeletion: auth.deletion,
    Step1Data: STEP_DATA[1],
    Step2Data: STEP_DATA[2],
    Step3Data: STEP_DATA[3],
    Step4Data: STEP_DATA[4],
    ProjectCreate: PROJECT_CREATE,
    ProjectUpdate: PROJECT_UPDATE,
    RecommendationRequest: RECOMMENDATION_QUERY,
    GeneratePdfRequest: GENERATE_PDF,
    ActivityEvent: FRONTEND_EVENT,
  };
  return Object.fromEntries(
    Object.entries(sources).map(([name, schema]) => [name, jsonSchemaOf(schema, examples[name] ? { examples: examples[name] } : {})]),
  );
}

/** The answers' schemas, by component name, as plain JSON; `examples` gives each its examples. */
export function responseSchemas(examples: Partial<Record<string, unknown[]>> = {}): Record<string, Json> {
  // Required here, not imported at the top: TypeBox costs a starting process some 80 ms for a document read later.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { RESPONSE_SCHEMAS } = require('../contracts/responses') as typeof Responses;
  return Object.fromEntries(
    Object.entries(RESPONSE_SCHEMAS).map(([name, schema]) => [
      name,
      // Through JSON: TypeBox marks its schemas with symbol keys, which the document has no use for.
      { ...(JSON.parse(JSON.stringify(schema)) as Json), ...(examples[name] ? { examples: examples[name] } : {}) },
    ]),
  );
}

/** A path or query parameter whose schema (type, limits, description) is the service's contract. */
function parameterOf(name: string, where: 'path' | 'query', schema: Schema, additions: Json = {}): Json {
  const { description, ...generated } = jsonSchemaOf(schema);
  return { name, in: where, ...(where === 'path' && { required: true }), description, schema: generated, ...additions };
}

/** The parameters with limits, by component name. */
export function contractParameters(): Record<string, Json> {
  return {
    StepNumber: parameterOf('stepNumber', 'path', STEP_NUMBER, { example: 1 }),
    Limit: parameterOf('limit', 'query', PAGE_QUERY.limit),
    Offset: parameterOf('offset', 'query', PAGE_QUERY.offset),
  };
}
