import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Its own HKDF info: this key is never the JWT key, nor any other key derived from the same secret. */
const KEY_INFO = 'evalplan auth refresh-successor seal v1';

/**
 * Encrypts the successor of a rotated refresh token for the few seconds of
 * the reuse grace (AES-256-GCM, a random nonce per seal). The database only
 * ever holds hashes of live tokens; this keeps a stolen dump from yielding
 * one. The predecessor's row id is the associated data, so a sealed value
 * cannot be moved to another row.
 */
export class SuccessorSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), KEY_INFO, 32));
  }

  seal(successorToken: string, predecessorId: string): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, nonce);
    cipher.setAAD(Buffer.from(predecessorId, 'utf8'));
    const body = Buffer.concat([cipher.update(successorToken, 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, body, cipher.getAuthTag()]);
  }

  /** The successor token, or undefined when the value was altered, moved or sealed under another key. */
  open(sealed: Buffer, predecessorId: string): string | undefined {
    if (sealed.length <= NONCE_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, sealed.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(predecessorId, 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
