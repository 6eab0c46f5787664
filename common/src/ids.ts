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
export function uuidv7(now = Date.now()): string {
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
