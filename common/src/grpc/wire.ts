import type http2 from 'node:http2';
import * as grpc from '@grpc/grpc-js';
import { toWellFormed } from '../validation';

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

/** A call's custom metadata from request headers or response trailers. */
export function metadataFromHeaders(headers: http2.IncomingHttpHeaders): grpc.Metadata {
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(headers)) {
    if (key.startsWith(':') || PROTOCOL_HEADERS.has(key) || typeof value !== 'string') continue;
    if (key.endsWith('-bin')) metadata.set(key, Buffer.from(value, 'base64'));
    else metadata.set(key, value);
  }
  return metadata;
}

export function metadataToHeaders(metadata: grpc.Metadata | undefined): http2.OutgoingHttpHeaders {
  const headers: http2.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(metadata?.getMap() ?? {})) {
    headers[key] = Buffer.isBuffer(value) ? value.toString('base64') : value;
  }
  return headers;
}

/** grpc-message is percent-encoded UTF-8; broken surrogates (possible in echoed client text) become U+FFFD first. */
export function encodeGrpcMessage(details: string): string {
  return encodeURIComponent(toWellFormed(details));
}

/** A malformed grpc-message is shown as sent rather than failing the call. */
export function decodeGrpcMessage(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}
