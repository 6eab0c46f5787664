import { randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** User, session and project ids are UUIDs; anything else is refused before it reaches a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The 48-bit Unix-millisecond field of a version 7 UUID; a time that is not a number means now. */
function uuidMillis(time: number): number {
  return Number.isFinite(time) ? Math.min(Math.max(Math.trunc(time), 0), 0xffff_ffff_ffff) : Date.now();
}

/**
 * A version 7 UUID (RFC 9562): 48 bits of Unix milliseconds, then random
 * bits. Ids made later sort later, so rows keyed by them are appended to the
 * end of a B-tree index instead of landing on random pages.
 */
export function uuidv7(time = Date.now()): string {
  const hex = uuidv7HexBatch([time])[0]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Version 7 UUIDs for many timestamps at once, each as 32 hex digits without
 * hyphens (a form PostgreSQL's uuid type reads): one random fill and one hex
 * conversion for the lot, and each id a slice of that text. For the
 * activity recorder, which needs thousands a second.
 */
export function uuidv7HexBatch(timesMs: readonly number[]): string[] {
  const bytes = randomBytes(16 * timesMs.length);
  for (let i = 0; i < timesMs.length; i++) {
    const at = 16 * i;
    bytes.writeUIntBE(uuidMillis(timesMs[i]!), at, 6);
    bytes[at + 6] = (bytes[at + 6]! & 0x0f) | 0x70; // version 7
    bytes[at + 8] = (bytes[at + 8]! & 0x3f) | 0x80; // RFC 9562 variant
  }
  const hex = bytes.toString('hex');
  return Array.from(timesMs, (_, i) => hex.slice(32 * i, 32 * i + 32));
}
