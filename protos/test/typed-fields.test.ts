import type * as protobuf from 'protobufjs';
import { PACKAGE, protoRoot } from '../src';

/**
 * Counted over every .proto file: no field carries JSON text or a raw HTTP
 * value, so a caller learns every shape from the protos alone. JSON objects
 * are typed messages, open data is a google.protobuf.Struct.
 */

interface Described {
  field: string;
  type: string;
}

function fieldsOf(namespace: protobuf.NamespaceBase): Described[] {
  return namespace.nestedArray.flatMap((nested) => {
    const inner = 'nestedArray' in nested ? fieldsOf(nested as protobuf.NamespaceBase) : [];
    if (!('fieldsArray' in nested)) return inner;
    const type = nested as protobuf.Type;
    return [...type.fieldsArray.map((field) => ({ field: field.fullName.slice(1), type: field.type })), ...inner];
  });
}

const fields = fieldsOf(protoRoot().lookup(PACKAGE) as protobuf.Namespace);

it('finds the messages of every service', () => {
  expect(fields.length).toBeGreaterThan(200);
  for (const service of ['AuthService', 'WizardService', 'PdfService', 'ActivityService']) {
    expect(protoRoot().lookupService(`${PACKAGE}.${service}`).methodsArray.length).toBeGreaterThan(3);
  }
});

it('has no field of JSON text: no *_json field, no request body as a string', () => {
  expect(fields.filter(({ field }) => /json$/i.test(field) || /\.body[A-Z]?\w*$/.test(field))).toEqual([]);
});

it('has no raw HTTP value: numbers of the HTTP API are integers, not strings', () => {
  const numeric = /\.(limit|offset|stepNumber|forStep|currentStep|total|statusCode|size|retryAfterSeconds)$/;
  expect(fields.filter(({ field, type }) => numeric.test(field) && type === 'string')).toEqual([]);
});

it('keeps open data in google.protobuf.Struct, as `extra` or as activity metadata', () => {
  const open = fields.filter(({ type }) => type === 'google.protobuf.Struct').map(({ field }) => field);
  expect(open).toContain(`${PACKAGE}.FrontendEvent.metadata`);
  expect(open).toContain(`${PACKAGE}.ExportedEvent.metadata`);
  expect(open.every((field) => /\.(extra|metadata)$/.test(field))).toBe(true);
});
