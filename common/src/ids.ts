import { randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** User, session and project ids are UUIDs; anything else is refused before it reaches a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const RANDOM_POOL_IDS = 512;
/** Random hex digits, 20 per id, refilled in bulk: one system call per 512 ids. */
let randomHex = '';
let randomOffset = 0;
let lastMillis = -1;
let lastMillisHex = '';
const VARIANT_DIGIT = '89ab89ab89ab89ab';

/**
 * A version 7 UUID (RFC 9562): 48 bits of Unix milliseconds, then random
 * bits. Ids made later sort later, so rows keyed by them are appended to the
 * end of a B-tree index instead of landing on random pages. Built from text
 * slices: the gateway makes one per request it records.
 */
export function uuidv7(time = Date.now()): string {
  const now = Number.isFinite(time) ? time : Date.now();
  if (randomOffset + 20 > randomHex.length) {
    randomHex = randomBytes(RANDOM_POOL_IDS * 10).toString('hex');
    randomOffset = 0;
  }
  if (now !== lastMillis) {
    lastMillis = now;
    lastMillisHex = Math.min(Math.max(Math.trunc(now), 0), 0xffff_ffff_ffff)
      .toString(16)
      .padStart(12, '0');
  }
  const r = randomHex;
  const i = randomOffset;
  randomOffset += 20;
  // Version digit 7; the variant digit keeps two random bits under the RFC's 10xx.
  return `${lastMillisHex.slice(0, 8)}-${lastMillisHex.slice(8)}-7${r.slice(i, i + 3)}-${VARIANT_DIGIT[parseInt(r[i + 3]!, 16)]}${r.slice(i + 4, i + 7)}-${r.slice(i + 7, i + 19)}`;
}

/**
 * Version 7 UUIDs for many timestamps at once, each as 32 hex digits without
 * hyphens (a form PostgreSQL's uuid type reads): one random fill and one hex
 * conversion for the lot, and each id a slice of that text. For the
 * activity recorder, which needs thousands a second off the request path.
 */
export function uuidv7HexBatch(timesMs: readonly number[]): string[] {
  const bytes = randomBytes(16 * timesMs.length);
  for (let i = 0; i < timesMs.length; i++) {
    const at = 16 * i;
    const time = timesMs[i]!;
    bytes.writeUIntBE(Number.isFinite(time) ? Math.min(Math.max(Math.trunc(time), 0), 0xffff_ffff_ffff) : Date.now(), at, 6);
    bytes[at + 6] = (bytes[at + 6]! & 0x0f) | 0x70; // version 7
    bytes[at + 8] = (bytes[at + 8]! & 0x3f) | 0x80; // RFC 9562 variant
  }
  const hex = bytes.toString('hex');
  return Array.from(timesMs, (_, i) => hex.slice(32 * i, 32 * i + 32));
}
