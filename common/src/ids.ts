import { randomFillSync } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** User, session and project ids are UUIDs; anything else is refused before it reaches a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const RANDOM_POOL_IDS = 256;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

/**
 * A version 7 UUID (RFC 9562): 48 bits of Unix milliseconds, then random
 * bits. Ids made later sort later, so rows keyed by them are appended to the
 * end of a B-tree index instead of landing on random pages.
 */
export function uuidv7(now = Date.now()): string {
  if (randomOffset + 10 > randomPool.length) {
    randomPool = randomFillSync(Buffer.allocUnsafe(RANDOM_POOL_IDS * 10));
    randomOffset = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(now, 0, 6);
  randomPool.copy(bytes, 6, randomOffset, randomOffset + 10);
  randomOffset += 10;
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  let text = '';
  for (let i = 0; i < 16; i++) {
    text += HEX[bytes[i]!];
    if (i === 3 || i === 5 || i === 7 || i === 9) text += '-';
  }
  return text;
}
