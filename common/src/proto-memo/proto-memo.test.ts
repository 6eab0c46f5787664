import * as protobuf from 'protobufjs';
import { deepFreeze, memoizeType, serializersOf } from './proto-memo';

/**
 * Memoized conversions on a Root of their own: the bytes are protobufjs's
 * own whatever is kept, a changed value is never sent stale, and decoded
 * values are shared only while they are frozen and within the size bound.
 */
const PROTO = `
syntax = "proto3";
package demo;
enum Colour { COLOUR_UNSET = 0; RED = 1; BLUE = 2; }
message Body {
  string text = 1;
  repeated string words = 2;
  Colour colour = 3;
  map<string, int32> counts = 4;
}
message Envelope {
  string id = 1;
  Body body = 2;
  repeated Body history = 3;
  int32 version = 4;
}
`;

const OPTIONS: protobuf.IConversionOptions = { longs: Number, enums: String, defaults: true, oneofs: true };

/** A Root with Body memoized (maxDecodedBytes as given) and one left as protobufjs makes it, to compare with. */
function roots(maxDecodedBytes = 1024 * 1024) {
  const memo = protobuf.parse(PROTO, { keepCase: false }).root;
  memoizeType(memo.lookupType('demo.Body'), { maxDecodedBytes }, OPTIONS);
  const plain = protobuf.parse(PROTO, { keepCase: false }).root.lookupType('demo.Envelope');
  const plainBytes = (value: object) => Buffer.from(plain.encode(plain.fromObject(value)).finish());
  return { envelope: serializersOf(memo.lookupType('demo.Envelope'), OPTIONS), plainBytes };
}

const body = () => ({ text: 'Lab booked.', words: ['think-aloud', 'SUS — ü'], colour: 'BLUE', counts: { a: 1, b: 2 } });

describe('proto-memo', () => {
  it('writes the same bytes as protobufjs for frozen and unfrozen values, first time and every time after', () => {
    const { envelope, plainBytes } = roots();
    const frozen = deepFreeze(body());
    for (let call = 0; call < 3; call += 1) {
      const value = { id: `call ${call}`, body: frozen, history: [frozen, body()], version: call };
      expect(envelope.serialize(value)).toEqual(plainBytes(value));
    }
    expect(envelope.deserialize(envelope.serialize({ id: 'x', body: frozen }))).toMatchObject({ id: 'x', body: body() });
  });

  it('sends what an unfrozen value holds now, not what it held when it was first sent', () => {
    const { envelope } = roots();
    const changing = body();
    envelope.serialize({ id: 'x', body: changing });
    changing.text = 'Lab cancelled.';
    changing.words.push('interview');
    expect(envelope.deserialize(envelope.serialize({ id: 'x', body: changing }))).toMatchObject({
      body: { text: 'Lab cancelled.', words: ['think-aloud', 'SUS — ü', 'interview'] },
    });
  });

  it('decodes the same bytes to one frozen object, and other bytes to another', () => {
    const { envelope } = roots();
    const bytes = envelope.serialize({ id: 'a', body: body() });
    const first = envelope.deserialize(bytes) as { id: string; body: ReturnType<typeof body> };
    const again = envelope.deserialize(Buffer.from(bytes)) as typeof first;
    expect(again.body).toBe(first.body);
    expect(again).not.toBe(first); // only the memoized type is shared
    expect(Object.isFrozen(first.body) && Object.isFrozen(first.body.words)).toBe(true);
    expect(() => first.body.words.push('more')).toThrow(TypeError);
    const other = envelope.deserialize(envelope.serialize({ id: 'a', body: { ...body(), text: 'Other.' } })) as typeof first;
    expect(other.body).not.toBe(first.body);
    expect(other.body.text).toBe('Other.');
  });

  it('keeps no more decoded bytes than its bound: an evicted value decodes anew, equal', () => {
    const { envelope } = roots(200);
    const bytesOf = (text: string) => envelope.serialize({ id: 'a', body: { ...body(), text } });
    const first = (envelope.deserialize(bytesOf('first')) as { body: object }).body;
    for (let index = 0; index < 20; index += 1) envelope.deserialize(bytesOf(`other ${index}`));
    const again = (envelope.deserialize(bytesOf('first')) as { body: object }).body;
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('refuses truncated bytes as protobufjs does', () => {
    const { envelope } = roots();
    const bytes = envelope.serialize({ id: 'a', body: body() });
    expect(() => envelope.deserialize(bytes.subarray(0, bytes.length - 3))).toThrow(RangeError);
  });

  it('refuses an array as a message, as @grpc/proto-loader does', () => {
    expect(() => roots().envelope.serialize([] as unknown as object)).toThrow(/got array/);
  });
});
