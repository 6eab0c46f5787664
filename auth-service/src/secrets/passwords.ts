import { createHmac, randomBytes } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import bcrypt from 'bcrypt';

const tracer = trace.getTracer('evalplan-auth');

/**
 * The marker of a hash made by this class: bcrypt over the HMAC-SHA-256 of
 * the password, keyed by PASSWORD_HASH_KEY. A stored hash without it is a
 * plain bcrypt hash from before (migrated at its next login).
 */
export const PEPPERED_HASH_PREFIX = 'hmac-sha256:';
/** bcrypt reads at most 72 bytes and stops at NUL: the limits of a plain (legacy) hash. */
const BCRYPT_MAX_BYTES = 72;

/** Whether a plain bcrypt hash saw exactly this password (bcrypt stops at NUL and after 72 bytes). */
function fitsPlainBcrypt(password: string): boolean {
  return !password.includes('\u0000') && Buffer.byteLength(password, 'utf8') <= BCRYPT_MAX_BYTES;
}

/**
 * Password hashing and checking: bcrypt (on libuv's thread pool) over the
 * HMAC-SHA-256 of the password. The HMAC makes a password of any length
 * 44 base64 characters, so every byte counts (bcrypt alone reads 72 and
 * would let two passwords that differ only after that match), and it is keyed
 * so a stolen table cannot be checked against lists of plain SHA-256 hashes.
 *
 * The key must never change once passwords exist: every hash made with the
 * old one would stop matching. Checking against a missing user still costs
 * one full comparison against a dummy hash of the same kind and cost, so
 * response time does not tell which e-mail addresses exist.
 */
export class PasswordHasher {
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly cost: number,
    private readonly key: string,
  ) {
    // A random password nobody knows; computed once, at start.
    this.dummyHash = this.hash(randomBytes(32).toString('base64url'));
  }

  /** Resolves once the dummy hash exists, so the first login is not slower than the rest. */
  async ready(): Promise<void> {
    await this.dummyHash;
  }

  /** True when `hash` is a plain bcrypt hash from before, or was made at another cost than BCRYPT_COST. */
  needsRehash(hash: string): boolean {
    if (!hash.startsWith(PEPPERED_HASH_PREFIX)) return true;
    return bcrypt.getRounds(hash.slice(PEPPERED_HASH_PREFIX.length)) !== this.cost;
  }

  async hash(password: string): Promise<string> {
    return PEPPERED_HASH_PREFIX + (await bcrypt.hash(this.pepper(password), this.cost));
  }

  /**
   * True when `password` matches `hash`, of either kind. Without a hash
   * (unknown user) or with a password a plain hash cannot have seen, the same
   * work is done and false returned.
   */
  async verify(password: string, hash: string | undefined): Promise<boolean> {
    return tracer.startActiveSpan('auth.verify_password', async (span) => {
      const { input, against, usable } = await this.comparison(password, hash);
      span.setAttribute('evalplan.auth.dummy_hash', !usable);
      try {
        const matches = await bcrypt.compare(input, against);
        return usable && matches;
      } finally {
        span.end();
      }
    });
  }

  /** What bcrypt compares: the peppered password against a new hash, the password itself against a plain one, or the dummy. */
  private async comparison(password: string, hash: string | undefined): Promise<{ input: string; against: string; usable: boolean }> {
    if (hash?.startsWith(PEPPERED_HASH_PREFIX)) {
      return { input: this.pepper(password), against: hash.slice(PEPPERED_HASH_PREFIX.length), usable: true };
    }
    if (hash !== undefined && fitsPlainBcrypt(password)) return { input: password, against: hash, usable: true };
    const dummy = (await this.dummyHash).slice(PEPPERED_HASH_PREFIX.length);
    return { input: this.pepper(password), against: dummy, usable: false };
  }

  /** HMAC-SHA-256 of the password's UTF-8 bytes, in base64: 44 ASCII characters, no NUL, whatever the password. */
  private pepper(password: string): string {
    return createHmac('sha256', this.key).update(password, 'utf8').digest('base64');
  }
}
