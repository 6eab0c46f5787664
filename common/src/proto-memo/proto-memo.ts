import { LRUCache } from 'lru-cache';
import * as protobuf from 'protobufjs';

/**
 * Serializers for protobufjs message types, in the form @grpc/proto-loader
 * makes them (fromObject + encode, decode + toObject), where chosen message
 * types are converted once per value instead of once per call.
 *
 * Why: a service that answers with the same nested message call after call
 * (a stored document read again and again) pays protobufjs's encoder and
 * decoder for every byte of it on every call, on both sides. For a memoized
 * type:
 *
 * - encoding: a *frozen* plain object (see deepFreeze) is converted and
 *   encoded the first time it is sent; every later call with the same object
 *   writes the bytes kept from then. Objects that are not frozen are encoded
 *   as usual, since they may have changed since.
 * - decoding: the same bytes decode to the same frozen message and the same
 *   frozen plain object (toObject), kept in an LRU bounded by the encoded
 *   size it holds. Readers must not change what they get (they cannot: it is
 *   frozen).
 *
 * The bytes on the wire are exactly protobufjs's own, so peers see no
 * difference. It knows nothing of any particular .proto.
 */

export interface MemoLimits {
  /** Most encoded bytes of decoded messages kept (the LRU's size bound). */
  maxDecodedBytes: number;
}

/** What @grpc/proto-loader's serializers are: grpc-js MethodDefinition's (de)serialize functions. */
export interface Serializers {
  serialize(value: object): Buffer;
  deserialize(bytes: Buffer): object;
}

/** Freezes a value and everything it holds, so that it can be memoized by identity. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

type Encode = (message: object, writer?: protobuf.Writer, ...rest: unknown[]) => protobuf.Writer;
type Decode = (reader: protobuf.Reader | Uint8Array, length?: number, ...rest: unknown[]) => protobuf.Message;
type FromObject = (object: Record<string, unknown>, ...rest: unknown[]) => protobuf.Message;
type ToObject = (message: protobuf.Message, options?: protobuf.IConversionOptions, ...rest: unknown[]) => Record<string, unknown>;

/** Copies kept bytes into the writer's buffer as they are (no length prefix: the caller's fork adds it). */
function writeRaw(bytes: Uint8Array, buffer: Uint8Array, position: number): void {
  buffer.set(bytes, position);
}

interface PushingWriter {
  _push(fn: (value: Uint8Array, buffer: Uint8Array, position: number) => void, length: number, value: Uint8Array): protobuf.Writer;
}

/**
 * Makes `type`'s conversions memoized as described above. Every serializer
 * made from the same Root afterwards (and protobufjs's generated code for
 * messages that contain this type) uses them. `toObjectOptions` is the one
 * options object whose toObject results are memoized (the serializers').
 */
export function memoizeType(type: protobuf.Type, limits: MemoLimits, toObjectOptions: protobuf.IConversionOptions): void {
  type.setup(); // generates the conversions, which are replaced below (setup would overwrite them later)
  const encode = type.encode.bind(type) as Encode;
  const decode = type.decode.bind(type) as Decode;
  const fromObject = type.fromObject.bind(type) as FromObject;
  const toObject = type.toObject.bind(type) as ToObject;

  /** Messages made from frozen objects, with their bytes once encoded. */
  const messagesOfObjects = new WeakMap<object, protobuf.Message>();
  const bytesOfMessages = new WeakMap<object, Uint8Array | undefined>();
  const decoded = new LRUCache<string, protobuf.Message>({
    maxSize: limits.maxDecodedBytes,
    sizeCalculation: (_message, key) => key.length || 1,
  });
  const objectsOfMessages = new WeakMap<object, Record<string, unknown>>();

  type.fromObject = ((object: Record<string, unknown>, ...rest: unknown[]) => {
    if (!Object.isFrozen(object)) return fromObject(object, ...rest);
    let message = messagesOfObjects.get(object);
    if (!message) {
      message = fromObject(object, ...rest);
      messagesOfObjects.set(object, message);
      bytesOfMessages.set(message, undefined);
    }
    return message;
  }) as typeof type.fromObject;

  type.encode = ((message: object, writer?: protobuf.Writer, ...rest: unknown[]) => {
    // Only a nested message (written into its parent's fork) made from a frozen object is kept.
    if (!writer || !bytesOfMessages.has(message)) return encode(message, writer, ...rest);
    let bytes = bytesOfMessages.get(message);
    if (!bytes) {
      bytes = encode(message).finish();
      bytesOfMessages.set(message, bytes);
    }
    return (writer as unknown as PushingWriter)._push(writeRaw, bytes.length, bytes);
  }) as typeof type.encode;

  type.decode = ((reader: protobuf.Reader | Uint8Array, length?: number, ...rest: unknown[]) => {
    if (length === undefined || !(reader instanceof protobuf.Reader)) return decode(reader, length, ...rest);
    const start = reader.pos;
    const end = start + length;
    if (end > reader.len) return decode(reader, length, ...rest); // throws as protobufjs does
    const key = Buffer.from(reader.buf.buffer, reader.buf.byteOffset + start, length).toString('latin1');
    const known = decoded.get(key);
    if (known) {
      reader.pos = end;
      return known;
    }
    const message = deepFreeze(decode(reader, length, ...rest));
    decoded.set(key, message);
    return message;
  }) as typeof type.decode;

  type.toObject = ((message: protobuf.Message, options?: protobuf.IConversionOptions, ...rest: unknown[]) => {
    if (options !== toObjectOptions || !Object.isFrozen(message)) return toObject(message, options, ...rest);
    let object = objectsOfMessages.get(message);
    if (!object) {
      object = deepFreeze(toObject(message, options, ...rest));
      objectsOfMessages.set(message, object);
    }
    return object;
  }) as typeof type.toObject;
}

/** @grpc/proto-loader's serializers for `type`: fromObject then encode, decode then toObject with `options`. */
export function serializersOf(type: protobuf.Type, options: protobuf.IConversionOptions): Serializers {
  return {
    serialize(value: object): Buffer {
      if (Array.isArray(value))
        throw new Error(`Failed to serialize message: expected object with ${type.fullName} structure, got array instead`);
      const bytes = type.encode(type.fromObject(value as Record<string, unknown>)).finish();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    deserialize(bytes: Buffer): object {
      return type.toObject(type.decode(bytes), options);
    },
  };
}
