import * as protobuf from 'protobufjs';
import { fromStruct, toStruct, TypedJson } from './typed-json';

/**
 * The mapping on its own Root (it knows nothing of evalplan): what goes in a
 * typed field, what goes in extra, and that every object comes back as sent
 * after a real encode and decode.
 */
const PROTO = `
syntax = "proto3";
package demo;
import "google/protobuf/struct.proto";
message Item {
  optional string name = 1;
  repeated string tags = 2;
  google.protobuf.Struct extra = 15;
}
message Form {
  optional string title = 1;
  optional bool done = 2;
  optional int32 count = 3;
  optional double ratio = 4;
  repeated string words = 5;
  repeated Item items = 6;
  Item main = 7;
  google.protobuf.Struct metadata = 8;
  google.protobuf.Struct extra = 15;
}
message Closed {
  optional string title = 1;
}
`;

const root = new protobuf.Root();
root.addJSON(protobuf.common.get('google/protobuf/struct.proto')!.nested!);
protobuf.parse(PROTO, root, { keepCase: false });
root.resolveAll();
const typed = new TypedJson(root);
const Form = root.lookupType('demo.Form');

/** JSON text with every object's keys sorted. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${sortedJson(object[key])}`)
    .join(',')}}`;
}

/** Through the wire and back, decoded as grpc-js with proto-loader hands messages over. */
function roundTrip(json: Record<string, unknown>): Record<string, unknown> {
  const message = typed.toMessage('demo.Form', json);
  const bytes = Form.encode(Form.fromObject(message)).finish();
  const decoded = Form.toObject(Form.decode(bytes), { defaults: true, oneofs: true, enums: String, longs: Number });
  return typed.toJson('demo.Form', decoded);
}

it('puts values of the right type in typed fields and everything else in extra', () => {
  const message = typed.toMessage('demo.Form', {
    title: 'Plan',
    done: 'yes',
    count: 2.5,
    ratio: 0.25,
    words: ['a', 1],
    items: [{ name: 'x', tags: ['t'], colour: 'red' }],
    unknown: { deep: [1, null, true] },
    empty: [],
  });
  expect(message).toMatchObject({ title: 'Plan', ratio: 0.25, items: [{ name: 'x', tags: ['t'], extra: toStruct({ colour: 'red' }) }] });
  expect(fromStruct(message.extra as object)).toEqual({
    done: 'yes',
    count: 2.5,
    words: ['a', 1],
    unknown: { deep: [1, null, true] },
    empty: [],
  });
});

it.each([
  ['typed fields', { title: 'Plan', done: false, count: -3, ratio: 1e-9, words: ['a', 'b'] }],
  ['keys it does not name, any JSON', { other: { list: [1, 'two', null, { three: false }] }, n: 1.5 }],
  ['named keys with values of another type, or null', { title: 7, done: null, count: 2 ** 31, words: 'a', main: [] }],
  ['empty strings and lists, kept apart from absent ones', { title: '', words: [], items: [] }],
  ['nested messages with extras of their own', { main: { name: 'm', tags: [], size: 3 }, items: [{ tags: ['x'] }, { name: '' }] }],
  ['open objects', { metadata: { a: 1, b: { c: ['d'] } } }],
  ['unicode and keys that look like code', { title: 'Zoë 🚀 \u202e', constructor: 'x', 'a.b': 1 }],
  [
    'a "__proto__" key, as JSON.parse makes it: an own key, not a prototype',
    '{"__proto__": {"polluted": true}, "items": [{"__proto__": 1}]}',
  ],
])('gives back exactly what was sent: %s', (_case, json) => {
  const parsed = JSON.parse(typeof json === 'string' ? json : JSON.stringify(json)) as Record<string, unknown>;
  const back = roundTrip(parsed);
  expect(back).toEqual(parsed);
  // toEqual does not see own "__proto__" keys: compare the text, keys sorted (known keys come back first).
  expect(sortedJson(back)).toEqual(sortedJson(parsed));
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

it('reads a message a caller built itself, typed fields only', () => {
  const bytes = Form.encode(Form.fromObject({ title: 'Direct', words: ['w'], main: { name: 'n' } })).finish();
  const decoded = Form.toObject(Form.decode(bytes), { defaults: true, oneofs: true });
  expect(typed.toJson('demo.Form', decoded)).toEqual({ title: 'Direct', words: ['w'], main: { name: 'n' } });
  expect(typed.toJson('demo.Form', null)).toEqual({});
});

it('refuses to drop a key when the message has no extra to hold it', () => {
  expect(typed.toMessage('demo.Closed', { title: 't' })).toEqual({ title: 't' });
  expect(() => typed.toMessage('demo.Closed', { title: 't', other: 1 })).toThrow(/no field "extra"/);
});
