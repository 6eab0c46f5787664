/**
 * The keyword that states a limit in UTF-8 bytes in a contract's schema:
 * `.meta({ [MAX_BYTES]: n })` on a joi schema, which the OpenAPI document
 * carries as it is (JSON Schema counts characters only). A string counts its
 * own bytes; any other value its bytes once JSON-encoded (JSON.stringify,
 * no spaces). The service enforcing the limit uses the same constant, and
 * test/request-limits.test.ts sends a value of exactly n bytes and one of
 * n + 1.
 */
export const MAX_BYTES = 'x-maxBytes';

/** The bytes `value` counts against a MAX_BYTES limit. */
export function limitedBytes(value: unknown): number {
  return Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');
}
