import type http2 from 'node:http2';

/** A metadata value: text, or bytes for a key ending in "-bin". */
export type MetadataValue = string | Buffer;

/** What the gRPC spec allows as a metadata key (lower case; HTTP/2 headers are). */
const KEY = /^[0-9a-z_.-]+$/;
/** What it allows as a text value: printable ASCII. */
const TEXT_VALUE = /^[\x20-\x7e]*$/;

/**
 * A call's custom metadata: keys with one or more values, in order. Keys
 * are lower-cased; a key ending in "-bin" carries bytes (base64 on the
 * wire), any other printable ASCII. A key or value the spec does not allow
 * is refused with a TypeError, as it could not be sent.
 */
export class Metadata {
  private readonly values = new Map<string, MetadataValue[]>();

  /** Every value of a key, in the order they were added (empty when it has none). */
  get(key: string): MetadataValue[] {
    return this.values.get(key.toLowerCase()) ?? [];
  }

  /** Replaces every value of the key with this one. */
  set(key: string, value: MetadataValue): void {
    const name = checked(key, value);
    this.values.set(name, [value]);
  }

  /** Adds a value after those the key has. */
  add(key: string, value: MetadataValue): void {
    const name = checked(key, value);
    const existing = this.values.get(name);
    if (existing) existing.push(value);
    else this.values.set(name, [value]);
  }

  keys(): string[] {
    return [...this.values.keys()];
  }

  /** As HTTP/2 headers or trailers: a repeated key as an array, bytes in base64. */
  toHttp2Headers(): http2.OutgoingHttpHeaders {
    const headers: http2.OutgoingHttpHeaders = {};
    for (const [key, values] of this.values) {
      const texts = values.map((value) => (typeof value === 'string' ? value : value.toString('base64')));
      headers[key] = texts.length === 1 ? texts[0] : texts;
    }
    return headers;
  }
}

function checked(key: string, value: MetadataValue): string {
  const name = key.toLowerCase();
  if (!KEY.test(name)) throw new TypeError(`"${key}" is not a valid metadata key.`);
  if (name.endsWith('-bin')) {
    if (!Buffer.isBuffer(value)) throw new TypeError(`The value of "${name}" must be bytes.`);
  } else if (typeof value !== 'string' || !TEXT_VALUE.test(value)) {
    throw new TypeError(`The value of "${name}" must be printable ASCII text.`);
  }
  return name;
}
