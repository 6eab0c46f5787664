import type * as protobuf from 'protobufjs';

/**
 * JSON objects as typed protobuf messages, and back, without losing anything.
 *
 * A message stands for a JSON object: its fields are the keys it names, and a
 * google.protobuf.Struct field called `extra` holds the rest. toMessage puts
 * a key into its field when the value has the field's type, and into `extra`
 * otherwise: keys the message does not name, values of another JSON type or
 * null, and empty lists (a repeated field cannot tell [] from absent).
 * toJson gives back the object that went in (known keys first). So whoever
 * validates the object afterwards sees exactly what was sent, and a caller
 * that builds messages itself simply sets the typed fields.
 *
 * Messages are in @grpc/proto-loader's object form with camelCase names:
 * the form grpc-js serializes and hands to handlers.
 */

export type JsonObject = Record<string, unknown>;

/** google.protobuf.Value in proto-loader's object form (one member set; `kind` names it on decoded values). */
export interface StructValue {
  kind?: 'nullValue' | 'numberValue' | 'stringValue' | 'boolValue' | 'structValue' | 'listValue';
  nullValue?: 'NULL_VALUE' | 0;
  numberValue?: number;
  stringValue?: string;
  boolValue?: boolean;
  structValue?: StructMessage;
  listValue?: { values?: StructValue[] };
}

/** google.protobuf.Struct in proto-loader's object form. */
export interface StructMessage {
  fields?: Record<string, StructValue>;
}

const STRUCT = 'google.protobuf.Struct';
const EXTRA = 'extra';
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

type Kind = 'string' | 'bool' | 'int' | 'double' | 'struct' | 'message';

interface FieldPlan {
  /** The message field's name, which is also the JSON key (camelCase). */
  name: string;
  kind: Kind;
  repeated: boolean;
  /** For kind 'message': the nested message's full name. */
  typeName: string;
}

interface TypePlan {
  fields: Map<string, FieldPlan>;
  hasExtra: boolean;
}

/** Sets a key as an own property, "__proto__" included (plain assignment would set the prototype instead). */
function put(object: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON value as google.protobuf.Value. */
export function toStructValue(value: unknown): StructValue {
  if (value === null || value === undefined) return { nullValue: 'NULL_VALUE' };
  switch (typeof value) {
    case 'string':
      return { stringValue: value };
    case 'number':
      return { numberValue: value };
    case 'boolean':
      return { boolValue: value };
    default:
      if (Array.isArray(value)) return { listValue: { values: value.map(toStructValue) } };
      return { structValue: toStruct(value as JsonObject) };
  }
}

/** A JSON object as google.protobuf.Struct. */
export function toStruct(object: JsonObject): StructMessage {
  const fields: Record<string, StructValue> = {};
  for (const key of Object.keys(object)) put(fields as JsonObject, key, toStructValue(object[key]));
  return { fields };
}

/** google.protobuf.Value as JSON (a value with no member set is null, as in proto3's JSON mapping). */
export function fromStructValue(value: StructValue | null | undefined): unknown {
  if (!value) return null;
  if (value.stringValue !== undefined && (value.kind === undefined || value.kind === 'stringValue')) return value.stringValue;
  if (value.numberValue !== undefined && (value.kind === undefined || value.kind === 'numberValue')) return value.numberValue;
  if (value.boolValue !== undefined && (value.kind === undefined || value.kind === 'boolValue')) return value.boolValue;
  if (value.structValue && (value.kind === undefined || value.kind === 'structValue')) return fromStruct(value.structValue);
  if (value.listValue && (value.kind === undefined || value.kind === 'listValue'))
    return (value.listValue.values ?? []).map(fromStructValue);
  return null;
}

/** google.protobuf.Struct as a JSON object ({} for none). */
export function fromStruct(struct: object | null | undefined): JsonObject {
  const object: JsonObject = {};
  const fields = (struct as StructMessage | null | undefined)?.fields;
  if (!fields) return object;
  for (const key of Object.keys(fields)) put(object, key, fromStructValue(fields[key]));
  return object;
}

function kindOf(field: protobuf.Field): Kind {
  if (field.resolvedType && 'fields' in field.resolvedType) return field.resolvedType.fullName === `.${STRUCT}` ? 'struct' : 'message';
  switch (field.type) {
    case 'string':
      return 'string';
    case 'bool':
      return 'bool';
    case 'int32':
    case 'sint32':
    case 'sfixed32':
      return 'int';
    case 'double':
    case 'float':
      return 'double';
    default:
      throw new Error(`typed-json: field ${field.fullName} has type ${field.type}, which JSON objects are not mapped to`);
  }
}

/** Maps JSON objects to the messages of one protobuf Root and back; plans per type are made once. */
export class TypedJson {
  private readonly plans = new Map<string, TypePlan>();

  constructor(private readonly root: protobuf.Root) {}

  /** The message for a JSON object (see the module comment). */
  toMessage(typeName: string, json: JsonObject): JsonObject {
    const plan = this.planOf(typeName);
    const message: JsonObject = {};
    let extra: JsonObject | undefined;
    for (const key of Object.keys(json)) {
      const value = json[key];
      const field = plan.fields.get(key);
      if (field && this.fits(field, value)) {
        message[key] = this.toField(field, value);
      } else {
        if (!plan.hasExtra) throw new Error(`typed-json: ${typeName} has no field "${EXTRA}" for the key "${key}"`);
        put((extra ??= {}), key, value);
      }
    }
    if (extra) message[EXTRA] = toStruct(extra);
    return message;
  }

  /** The JSON object a message stands for: its set fields, then what `extra` holds. */
  toJson(typeName: string, message: JsonObject | null | undefined): JsonObject {
    const json: JsonObject = {};
    if (!message) return json;
    const plan = this.planOf(typeName);
    for (const field of plan.fields.values()) {
      const value = message[field.name];
      if (value === undefined || value === null) continue;
      if (field.repeated) {
        if ((value as unknown[]).length > 0) json[field.name] = (value as unknown[]).map((item) => this.fromField(field, item));
      } else {
        json[field.name] = this.fromField(field, value);
      }
    }
    if (plan.hasExtra) {
      const extra = fromStruct(message[EXTRA] as StructMessage | undefined);
      for (const key of Object.keys(extra)) if (!Object.hasOwn(json, key)) put(json, key, extra[key]);
    }
    return json;
  }

  private fits(field: FieldPlan, value: unknown): boolean {
    if (!field.repeated) return this.fitsOne(field, value);
    return Array.isArray(value) && value.length > 0 && value.every((item) => this.fitsOne(field, item));
  }

  private fitsOne(field: FieldPlan, value: unknown): boolean {
    switch (field.kind) {
      case 'string':
        return typeof value === 'string';
      case 'bool':
        return typeof value === 'boolean';
      case 'int':
        return Number.isInteger(value) && (value as number) >= INT32_MIN && (value as number) <= INT32_MAX;
      case 'double':
        return typeof value === 'number' && Number.isFinite(value);
      default:
        return isPlainObject(value);
    }
  }

  private toField(field: FieldPlan, value: unknown): unknown {
    if (field.repeated) return (value as unknown[]).map((item) => this.toOne(field, item));
    return this.toOne(field, value);
  }

  private toOne(field: FieldPlan, value: unknown): unknown {
    if (field.kind === 'struct') return toStruct(value as JsonObject);
    if (field.kind === 'message') return this.toMessage(field.typeName, value as JsonObject);
    return value;
  }

  private fromField(field: FieldPlan, value: unknown): unknown {
    if (field.kind === 'struct') return fromStruct(value as StructMessage);
    if (field.kind === 'message') return this.toJson(field.typeName, value as JsonObject);
    return value;
  }

  private planOf(typeName: string): TypePlan {
    let plan = this.plans.get(typeName);
    if (plan) return plan;
    const type = this.root.lookupType(typeName);
    type.resolveAll();
    const fields = new Map<string, FieldPlan>();
    let hasExtra = false;
    for (const field of type.fieldsArray) {
      if (field.name === EXTRA && kindOf(field) === 'struct' && !field.repeated) {
        hasExtra = true;
        continue;
      }
      const kind = kindOf(field);
      fields.set(field.name, { name: field.name, kind, repeated: field.repeated, typeName: field.resolvedType?.fullName.slice(1) ?? '' });
    }
    plan = { fields, hasExtra };
    this.plans.set(typeName, plan);
    return plan;
  }
}
