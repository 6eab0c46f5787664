import type http2 from 'node:http2';
import { Metadata } from './metadata';

/**
 * The gRPC-over-HTTP/2 wire details shared by our HTTP/2 client and server:
 * length-prefixed messages, metadata carried as headers (-bin values in
 * base64) and the percent-encoded grpc-message.
 */

/** Headers that belong to the protocol or to tracing, not to a call's metadata. */
const PROTOCOL_HEADERS = new Set([
  'content-type',
  'te',
  'grpc-timeout',
  'grpc-encoding',
  'grpc-accept-encoding',
  'grpc-status',
  'grpc-message',
  'user-agent',
  'traceparent',
  'tracestate',
]);

/** One uncompressed message with its 5-byte prefix (flag, big-endian length). */
export function frameMessage(message: Buffer): Buffer {
  const framed = Buffer.allocUnsafe(5 + message.length);
  framed.writeUInt8(0, 0);
  framed.writeUInt32BE(message.length, 1);
  message.copy(framed, 5);
  return framed;
}

/** The first message of a body, or undefined when the body is shorter than its prefix says. */
export function unframeMessage(body: Buffer): { compressed: boolean; message: Buffer } | undefined {
  if (body.length < 5) return undefined;
  const length = body.readUInt32BE(1);
  if (body.length < 5 + length) return undefined;
  return { compressed: body.readUInt8(0) !== 0, message: body.subarray(5, 5 + length) };
}

/**
 * A call's custom metadata from request headers or response trailers, as
 * node:http2 hands them over raw (name, value, name, value…): a key sent
 * several times keeps every value, in order. A -bin value is base64; a peer
 * may also send several of them joined by commas.
 */
export function metadataFromRawHeaders(raw: readonly string[]): Metadata {
  const metadata = new Metadata();
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const key = raw[index]!.toLowerCase();
    if (key.startsWith(':') || PROTOCOL_HEADERS.has(key)) continue;
    const value = raw[index + 1]!;
    try {
      if (key.endsWith('-bin')) for (const part of value.split(',')) metadata.add(key, Buffer.from(part.trim(), 'base64'));
      else metadata.add(key, value);
    } catch {
      // A header name gRPC does not allow as a metadata key: not metadata.
    }
  }
  return metadata;
}

/** The same from headers already collected into an object (the in-process calls' headers). */
export function metadataFromHeaders(headers: Record<string, string | string[] | undefined>): Metadata {
  const raw: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (typeof value === 'string') raw.push(key, value);
    else if (Array.isArray(value)) for (const each of value) raw.push(key, each);
  }
  return metadataFromRawHeaders(raw);
}

/** Metadata as headers or trailers: a repeated key as one header per value, -bin values in base64. */
export function metadataToHeaders(metadata: Metadata | undefined): http2.OutgoingHttpHeaders {
  return metadata ? metadata.toHttp2Headers() : {};
}

/** Half of a surrogate pair without its other half: not encodable as UTF-8. */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Printable ASCII other than '%': what grpc-message may carry as it is. */
const PLAIN_MESSAGE = /^[\x20-\x24\x26-\x7e]*$/;

/**
 * grpc-message as the gRPC spec encodes it: UTF-8, with every byte outside
 * printable ASCII, and '%', percent-encoded; everything else as it is
 * (grpc-js reads it with decodeURI, which would leave a %3A of
 * encodeURIComponent in the text). Broken surrogates (possible in echoed
 * client text) become U+FFFD first.
 */
export function encodeGrpcMessage(details: string): string {
  if (PLAIN_MESSAGE.test(details)) return details;
  let encoded = '';
  for (const byte of Buffer.from(details.replace(LONE_SURROGATES, '\uFFFD'), 'utf8')) {
    encoded +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** A malformed grpc-message is shown as sent rather than failing the call. */
export function decodeGrpcMessage(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}
