import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url without padding: 43 characters. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface NewRefreshToken {
  /** Goes to the person, in the cookie; never stored. */
  token: string;
  /** What the database keeps. */
  hash: Buffer;
}

export function newRefreshToken(): NewRefreshToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Anything else cannot be one of ours; it is refused without a database lookup. */
export function looksLikeRefreshToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}
