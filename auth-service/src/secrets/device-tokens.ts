import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@evalplan/common/input';

/** Its own HKDF info: this key is never the JWT key, nor any other key derived from the same secret. */
const KEY_INFO = 'evalplan auth device-token v1';
const VERSION = 'd1';
const DEVICE_ID_BYTES = 16;
/** version, user id, device id, expiry, signature: far below this; anything longer is not looked at. */
const MAX_TOKEN_LENGTH = 200;
const DEVICE_ID = /^[\w-]{22}$/;
const EXPIRY = /^\d{1,12}$/;

/** A device an account signed in from, as its device token names it. */
export interface RecognisedDevice {
  userId: string;
  /** Random per token: the subject of the device's own login limits. */
  deviceId: string;
}

export interface IssuedDeviceToken {
  token: string;
  maxAgeSeconds: number;
}

/**
 * Device tokens (OWASP's "device cookies"): after a successful login or
 * registration the browser keeps one, and a later login to the same account
 * presenting it is counted per device instead of per address, so a flood of
 * wrong guesses from elsewhere cannot lock the owner out. The token is
 * `d1.<user id>.<device id>.<expiry in Unix seconds>.<HMAC-SHA-256>`: it
 * names the account and cannot be made or moved to another account without
 * the key, derived from JWT_SECRET. Nothing is stored; a token works until
 * it expires (DEVICE_TOKEN_TTL, renewed by each successful login) or
 * JWT_SECRET changes. It is no credential: the password is still checked.
 */
export class DeviceTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), KEY_INFO, 32));
  }

  issue(userId: string): IssuedDeviceToken {
    const deviceId = randomBytes(DEVICE_ID_BYTES).toString('base64url');
    const expiresAt = Math.floor((this.now() + this.ttlMs) / 1000);
    const payload = `${VERSION}.${userId}.${deviceId}.${expiresAt}`;
    return { token: `${payload}.${this.sign(payload)}`, maxAgeSeconds: Math.floor(this.ttlMs / 1000) };
  }

  /** The device a token names, or undefined when it is missing, malformed, altered, signed with another key or expired. */
  recognise(token: string): RecognisedDevice | undefined {
    if (token === '' || token.length > MAX_TOKEN_LENGTH) return undefined;
    const parts = token.split('.');
    if (parts.length !== 5) return undefined;
    const [version, userId, deviceId, expiresAt, signature] = parts as [string, string, string, string, string];
    if (version !== VERSION || !isUuid(userId) || !DEVICE_ID.test(deviceId) || !EXPIRY.test(expiresAt)) return undefined;
    const expected = Buffer.from(this.sign(parts.slice(0, 4).join('.')), 'utf8');
    const presented = Buffer.from(signature, 'utf8');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
    if (Number(expiresAt) * 1000 <= this.now()) return undefined;
    return { userId, deviceId };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
